/** The tab title: the page's own, after the unread count of the inbox when there is mail to read. */
let page = 'Dashboard';
let unread = 0;

function render(): void {
  document.title = `${unread > 0 ? `(${unread}) ` : ''}${page} · Ephemail`;
}

export function setPageTitle(title: string): void {
  page = title;
  render();
}

export function setUnreadInTitle(count: number): void {
  unread = count;
  render();
}
