// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and storage check
         * @description Answers 200 when the process is up and its database answers a trivial query, 503 otherwise. No key needed; not rate limited.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness (for load balancers and orchestrators)
         * @description Answers 200 only when this instance can serve: its database answers and every migration this version knows
         *     is applied. Otherwise 503 `service_unavailable`, the message naming what failed. Redis is not required: while
         *     it does not answer, the instance still serves (rate limits and the inbound allowance are counted per instance,
         *     wake-ups between instances come from PostgreSQL's NOTIFY and the event log's poll), and `/ready` answers 200
         *     with `checks.redis: degraded` so that an outage of Redis does not take every instance out of rotation; alert
         *     on it. Sharing resumes by itself once Redis answers again. From the moment the instance begins shutting down (SIGTERM/SIGINT) it answers 503 too,
         *     so a load balancer stops sending it new requests while in-flight ones finish. `/health` stays the liveness
         *     check. It also reports the intake queue (`intake`): messages acknowledged over SMTP and not yet stored, on
         *     every instance, and how long the oldest has waited. A backlog does not make the instance unready (processors
         *     on any instance drain it, and SMTP answers 451 past `INTAKE_MAX_QUEUED`); alert on `lag_seconds` instead.
         *     No key needed; not rate limited.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Metrics in the Prometheus text exposition format (prom-client), for this instance: `ephemail_http_requests_total`
         *     and `ephemail_http_request_duration_seconds` by operationId, method and status; `ephemail_smtp_sessions_total`
         *     and `ephemail_smtp_connections` (open now); `ephemail_messages_stored_total`; `ephemail_messages_refused_total`
         *     by reason (`relay`, `unknown_recipient`, `too_many_recipients`, `too_big`, `too_many_connections`,
         *     `transaction_timeout`, `inbound_rate_limited`, `auth_failed`, `auth_throttled`, `encryption_required`,
         *     `fault` — refused by the address's fault profile —, `intake_full` — `451 4.3.2`, past `INTAKE_MAX_QUEUED` —,
         *     `storage_full` — `452 4.3.1`, the store's disk full —, `error`); `ephemail_webhook_attempts_total` by outcome (`succeeded`, `failed`); `ephemail_event_log_lag` by consumer
         *     (events in the log this instance's feed, or the webhook enqueuer's durable cursor, has not read yet); and
         *     Node's process metrics (`process_*`, `nodejs_*`).
         *
         *     When `METRICS_TOKEN` is set, the scrape must send it as `Authorization: Bearer <token>` (401 otherwise);
         *     without it the endpoint is open — keep it off the public internet then. Not rate limited.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/ephemail-client.tgz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The typed client as an npm package
         * @description `@ephemail/client`, the typed TypeScript client for this API (openapi-fetch with the types generated from
         *     this document, keys attached by each operation's declared security, a `waitForMessage` helper), as an npm
         *     tarball whose version equals the server's. Install it straight from a running server:
         *
         *     ```sh
         *     npm install http://localhost:3000/sdk/ephemail-client.tgz
         *     ```
         *
         *     then `import { createEphemailClient } from '@ephemail/client'`. The tarball is built with `npm pack` at the
         *     first request and kept in memory; `ETag` lets a client skip an unchanged download (304). No key needed.
         */
        get: operations["getClientPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Model Context Protocol endpoint (Streamable HTTP)
         * @description An MCP server for AI agents and MCP clients, speaking the Model Context Protocol's Streamable HTTP transport
         *     (JSON-RPC 2.0 messages POSTed here; answers as `application/json`). It is stateless: no session id, every
         *     request stands alone, so any instance answers it. Authenticate with a Developer key as
         *     `Authorization: Bearer` on every request.
         *
         *     Tools (`tools/list` gives their input schemas, derived from this document's parameters for the operation each
         *     one runs):
         *     - `create_address` (createAddress), `list_messages` (listMessages), `get_message` (getMessage),
         *       `wait_for_message` (waitForMessages, with its matchers; the messages carry `codes` and `links`),
         *       `delete_address` (deleteAddress), `check_message` (checkMessage: client support, HTML validation, links,
         *       spam score, authentication), `list_sandboxes` (listSandboxes) — run as those operations with your key, so
         *       tenancy, validation and rate limits are theirs. `list_messages`, `get_message` and `wait_for_message` take
         *       either `address` or `sandbox` (a sandbox id): with `sandbox` they run listSandboxMessages,
         *       getSandboxMessage and waitForSandboxMessages;
         *     - `validate_email` (validateEmail) and `generate_qr_code` (generateQrCode: the operation's JSON without the
         *       data URL, plus the PNG as an MCP image; `format: svg` answers the SVG as text).
         *
         *     A tool's result is the operation's JSON as text; an operation's error comes back as a tool result with
         *     `isError: true` and the error envelope. Arguments are checked against the tool's input schema first
         *     (unknown ones are refused). `get_message` returns the message's bodies as separate text items,
         *     each introduced by a note that it is untrusted content from an email (instructions in it are not from the
         *     user). Each MCP request counts against the Developer rate limit, and each tool call also counts as the
         *     operation it runs. `GET` and `DELETE` (server-initiated streams and session ends) are not offered: 405.
         *     MCP clients should allow a `wait_for_message` call its `timeout` plus a few seconds.
         */
        post: operations["handleMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description as JSON
         * @description The OpenAPI 3.1 document the server runs from, converted to JSON. Feed it to client generators.
         */
        get: operations["getOpenApiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description as YAML
         * @description The OpenAPI 3.1 document exactly as kept in the repository.
         */
        get: operations["getOpenApiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/qr-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generate a QR code (query string)
         * @description Encodes text, a URL, an email address, a phone number or Wi-Fi credentials as a QR code. The payload follows
         *     what phone camera apps expect: `url` as given, `mailto:<email>`, `tel:<phone>`, and
         *     `WIFI:T:WPA;S:<ssid>;P:<password>;;` with `\ ; , " :` backslash-escaped (`T:nopass` and no `P:` without a
         *     password). The field matching `type` is required.
         *
         *     `format=json` (default) answers the envelope with a PNG data URL; `format=png` answers the image bytes
         *     (`image/png`) and `format=svg` the SVG document (`image/svg+xml`). The image is exactly `size` pixels wide
         *     and tall; when the symbol plus its quiet zone needs more pixels than `size`, the answer is 400
         *     `qr_size_too_small` with the minimum. Content beyond QR capacity at the chosen error-correction level is 400
         *     `qr_capacity_exceeded`.
         *
         *     **Caching.** Identical requests are answered from a bounded in-memory cache of rendered codes. Every answer
         *     carries an `ETag` (the same for the same content); a request whose `If-None-Match` names it answers 304
         *     without a body. Rate limits count 304s like any other call.
         */
        get: operations["generateQrCode"];
        put?: never;
        /**
         * Generate a QR code (JSON body)
         * @description The same as the GET form (caching and ETag included), with the parameters in a JSON body. The key may also travel in the body's `apikey` field.
         */
        post: operations["generateQrCodeFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/email-validator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate, extract or verify email addresses (query string)
         * @description * `action=validate` (default) checks `email` against RFC 5322/5321 and answers `ValidateData`.
         *       Local parts are dot-atoms; quoted-string local parts, comments and domain literals are valid RFC 5322
         *       but refused here on purpose (codes `quoted_local_part_unsupported`, `comments_unsupported`,
         *       `domain_literal_unsupported`) because real mailboxes practically never use them. Limits: 64 octets for
         *       the local part, 63 per domain label, 254 in total; IDN domains are accepted (checked in their punycode
         *       form); `details.length` counts characters of the trimmed input.
         *     * `action=extract` finds every valid address in `text` and answers `ExtractData` (unique, in order of first
         *       appearance).
         *     * `action=verify` checks syntax, the domain's MX records (through `DNS_SERVERS`), whether the domain is
         *       disposable or a free provider, whether the local part is a role account, suggests a fix for common
         *       provider typos, and — only when the operator enables `VERIFY_SMTP_PROBE` — asks the MX whether it accepts
         *       the recipient. Without the probe, `deliverable` means the domain accepts mail. Addresses on this
         *       platform's own domains are answered from its store without DNS. It answers within `VERIFY_TIMEOUT_MS`
         *       (at most 10 s), with `unknown` when DNS does not answer in time. Rate limited more strictly (20/minute by
         *       default).
         */
        get: operations["validateEmail"];
        put?: never;
        /**
         * Validate, extract or verify email addresses (JSON body)
         * @description The same as the GET form, with the parameters in a JSON body (use it for long `text`). The key may also travel in the body's `apikey` field.
         */
        post: operations["validateEmailFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/age-calculator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calculate an age (query string)
         * @description Calendar arithmetic in UTC, as python-dateutil's `relativedelta(referenceDate, birthDate)` computes it:
         *     `totalMonths` is the largest number of months that, added to `birthDate` in one step (years and months
         *     together, the day clamped once to the last day of the resulting month), does not pass `referenceDate`;
         *     `years` and `months` split it (`totalMonths = 12 × years + months`), and `days` counts from that date to
         *     `referenceDate`. So 1908-02-29 → 1972-02-28 is 63 years 11 months 30 days (1908-02-29 + 767 months is
         *     1972-01-29), and 2000-02-29 → 2004-02-28 is 3 years 11 months 30 days. `referenceDate` defaults to today in
         *     UTC and must not be before `birthDate`. Both are strict `YYYY-MM-DD` calendar dates with years 1000–9999
         *     (`2023-02-30` is refused).
         *
         *     **Birthdays.** In common years a 29 February birthday is observed on 28 February, so someone born
         *     2000-02-29 turns 1 on 2001-02-28. `nextBirthday` is 0 days away on the birthday itself, and `null` when the
         *     next birthday would fall after 9999-12-31 (dates here stop at year 9999). `zodiacSign` is the Western
         *     tropical sign of the birth date; `dayOfWeek` is the weekday of the birth date.
         */
        get: operations["calculateAge"];
        put?: never;
        /**
         * Calculate an age (JSON body)
         * @description The same as the GET form, with the parameters in a JSON body. The key may also travel in the body's `apikey` field.
         */
        post: operations["calculateAgeFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your addresses
         * @description The addresses of the key's account, newest first, including expired ones that the sweeper has not yet
         *     purged (`expired: true`). Paged with `limit` and `offset`; `count` is the total.
         */
        get: operations["listAddresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a temporary address
         * @description Creates an address that receives mail over SMTP at once. `domain` must be one the platform serves
         *     (`MAIL_DOMAINS`; the first is the default) or one of your own **verified** custom domains (see the `domains`
         *     operations); anything else — a domain of yours not yet verified, another account's domain, any other
         *     domain — answers 422 `domain_not_allowed` with a message saying which. `prefix` is the local part:
         *     a dot-atom of at most 64 characters, stored lowercased; left out, a random readable one
         *     (`adjective-noun-1234`) is chosen. `expires_in` is the lifetime in seconds: at least 10, `ADDRESS_TTL`
         *     (3600) by default, and capped at `MAX_ADDRESS_LIFETIME` (7 days) — a longer request is shortened to the cap
         *     rather than refused, and `expires_at` says what was granted. An address that exists — yours or anyone's,
         *     live or expired but not yet purged — answers 409 `address_exists`.
         */
        post: operations["createAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * Get one of your addresses
         * @description The address with its expiry and message count. Another account's address answers 404 `address_not_found`, exactly as a missing one does.
         */
        get: operations["getAddress"];
        put?: never;
        post?: never;
        /**
         * Delete an address and its mail
         * @description Deletes the address and every message, attachment and raw source it holds, at once. From then on SMTP refuses mail for it (550 5.1.1) and the name is free again. The instance that answers this call refuses it at once; another instance that read the address for earlier mail refuses it from RCPT TO once the event log wakes it (within about a second), and meanwhile at the end of DATA, so no mail is stored for a deleted address.
         */
        delete: operations["deleteAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Extend an address's lifetime
         * @description Sets the expiry to now + `expires_in` seconds (`ADDRESS_TTL` by default, at least 10), never beyond
         *     `created_at` + `MAX_ADDRESS_LIFETIME`: a longer request is shortened to that cap and `new_expiry` says what
         *     was granted. Extending never shortens: when the current expiry is already later, it stays. An expired
         *     address that the sweeper has not yet purged may be extended, which makes it receive mail again.
         */
        patch: operations["extendAddress"];
        trace?: never;
    };
    "/api/v1/email/{address}/faults": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * Read an address's SMTP fault profile
         * @description The address's fault rules, in order, each with how often it has fired and how many firings it has left. An address without a profile answers `rules` empty.
         */
        get: operations["getAddressFaults"];
        /**
         * Make SMTP delivery to an address fail on purpose
         * @description Replaces the address's fault profile: from the next SMTP command on, mail to this address meets these rules,
         *     on every instance (rules are stored, and survive a restart; an instance that read the address for earlier mail
         *     drops what it kept when the event log wakes it, at once on the instance that answers this call and within
         *     about a second on the others). Other addresses are never affected. Putting a
         *     profile resets every rule's counters and the greylist's memory; an empty `rules` list clears it.
         *
         *     Rules are checked in order at each stage; the first `reject`, `greylist` or `disconnect` that fires decides
         *     that stage (a `delay` that fires holds the answer and checking goes on). A message refused by a
         *     rule is not stored, not counted against the account's inbound allowance and not announced (no event, no
         *     webhook). The stages:
         *     - `rcpt`: the `RCPT TO` naming this address gets the answer; other recipients of the same transaction are
         *       not affected.
         *     - `mail`: the whole transaction is refused. SMTP names recipients only after `MAIL FROM`, so the answer
         *       comes at the `RCPT TO` naming this address (the earliest moment it is known), and the transaction is
         *       reset: the sender must start again with a new `MAIL FROM`.
         *     - `data`: the message is received in full, then the answer to the end of `DATA` is the rule's. With several
         *       recipients, a data-stage rule on any of them refuses the message for all (SMTP gives one answer per
         *       message).
         *
         *     A `421` answer also closes the connection, as RFC 5321 says it does. `times` counts firings across all
         *     instances exactly (a stored counter, decremented atomically); `probability` draws at random each time.
         *     The greylist remembers (client IP, `MAIL FROM`) pairs: the first attempt of a pair is refused with
         *     `451 4.7.1`, and so is every retry before `retry_after` seconds have passed since it; later attempts are
         *     accepted. `delay` holds the answer `ms` milliseconds (at most 30 000, below any client's command timeout)
         *     and then goes on normally. `disconnect` closes the connection without answering; nothing is stored.
         */
        put: operations["setAddressFaults"];
        post?: never;
        /**
         * Clear an address's fault profile
         * @description Removes every rule and the greylist's memory; mail to the address is accepted normally again. Answers the (now empty) profile; clearing an address without a profile is not an error.
         */
        delete: operations["clearAddressFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * List the messages of an address
         * @description Newest first (by `received_at`, then `id`). Items are summaries: they carry everything but `text` and
         *     `html` (fetch one message for those). `count` is the total number of messages of the address that match
         *     the filters, whatever the page. Readable until the address is purged, also after it expired.
         *
         *     Filters combine (all must match): `subject` and `from` are case-insensitive substrings (`%` and `_` are
         *     plain characters, not wildcards; `from` searches the sender's address and display name), `since` keeps
         *     messages received strictly after an instant, `unread=true` keeps unread messages and `unread=false` read
         *     ones. Messages are unread until updateMessage marks them read; listing or reading them does not.
         */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read one message
         * @description The full message with its decoded subject, text and HTML bodies and attachment list. HTML is returned as received; render it sandboxed. Reading a message does not mark it read (see updateMessage).
         */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        /**
         * Delete one message
         * @description Deletes the message with its attachments and raw source. (A message sent to several of your addresses is stored once and shared by their copies; deleting one copy leaves the others whole, and the content goes with the last copy.)
         */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        /**
         * Mark a message read or unread
         * @description Sets the message's `read` state and answers the message. Messages arrive unread; nothing else marks them
         *     read — not getMessage, listMessages, waitForMessages or the event stream — so a test suite decides what
         *     "read" means. Marking a read message read again keeps it read (and unread likewise); the answer is the same.
         */
        patch: operations["updateMessage"];
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download a message's raw source
         * @description The message exactly as received over SMTP (RFC 5322 bytes), as `message/rfc822`, with a `Content-Disposition` naming it `<id>.eml`.
         */
        get: operations["getMessageRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download an attachment
         * @description The attachment's bytes with the content type the sender declared, `Content-Disposition: attachment` with a
         *     sanitised `filename` (and an RFC 5987 `filename*` for non-ASCII names) and `X-Content-Type-Options:
         *     nosniff`, so a browser downloads it rather than rendering it.
         */
        get: operations["getAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Check a message as a deliverability tool would
         * @description Checks the message the way its recipients' software will see it: which email clients support the HTML and
         *     CSS it uses (the caniemail data), what an HTML validator finds in it, whether its links and images answer,
         *     what SpamAssassin thinks of it, and the SPF/DKIM/DMARC verdicts from when it arrived.
         *
         *     The first request computes the checks and stores them with the message; later requests answer from the
         *     store. `html_compatibility` and `html_validation` depend only on the message and never change. `spam` and
         *     `links` depend on the outside world, carry `checked_at`, and run again with `refresh=true`. Links are
         *     fetched only when asked (`links=true`), because fetching them tells their owner the message was opened:
         *     each http(s) link and image is requested with HEAD (then GET when HEAD is refused), following redirects,
         *     several at a time, each within `LINK_CHECK_TIMEOUT_MS`, under the same rules as webhook targets (loopback,
         *     private, link-local and cloud-metadata addresses are refused and reported per link unless the operator
         *     allows them with `LINK_CHECK_ALLOW_PRIVATE` or `WEBHOOK_ALLOWED_NETWORKS`); at most 200 links are checked, so
         *     with links that never answer the call can take up to 200 ÷ `LINK_CHECK_CONCURRENCY` × `LINK_CHECK_TIMEOUT_MS`
         *     (125 s with the defaults) — give the client that long. The spam score needs a
         *     SpamAssassin daemon (`SPAMD_HOST`, `SPAMD_PORT`); without one `spam` is null and `spam_reason` says why —
         *     never an error. A message shared by several of your addresses is checked once.
         */
        get: operations["checkMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/preview.png": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * A picture of the message as a browser renders it
         * @description The HTML body (or, without one, the text body) rendered by headless Chromium at the given width, as PNG:
         *     scripts off, nothing fetched from the network (remote images and styles are blocked; `cid:` images show as
         *     missing), the whole height of the message up to 8000 pixels (taller messages are cut there). `dark=true`
         *     renders with the `prefers-color-scheme: dark` media feature, so a message with dark-mode styles shows them
         *     (one without shows Chromium's own dark defaults for unstyled text). Previews are stored per message, width
         *     and mode; at most `PREVIEW_CONCURRENCY` renders run at once on an instance. Without a browser
         *     (`CHROMIUM_PATH`) the answer is 503 `preview_unavailable`.
         */
        get: operations["getMessagePreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your custom domains
         * @description The custom domains of the key's account, verified or not, newest first, each with the DNS records to publish.
         *     Paged with `limit` and `offset`; `count` is the total.
         */
        get: operations["listDomains"];
        put?: never;
        /**
         * Add a custom domain
         * @description Claims a domain for your account and answers the DNS records to publish:
         *     * a **TXT** record at `_ephemail.<domain>` with the value `ephemail-verification=<token>` — it proves you
         *       control the domain; the token is yours alone and stays the same for as long as the claim exists;
         *     * an **MX** record at `<domain>` pointing to this platform's SMTP host (`SMTP_HOSTNAME`), priority 10 — it
         *       makes the world's mail servers deliver the domain's mail here.
         *     Then call verifyDomain. Until the domain is verified, addresses cannot be created on it and SMTP refuses its
         *     mail as a relay attempt (550 5.7.1).
         *
         *     `domain` is matched case-insensitively, a trailing dot is ignored and an internationalised name is stored in
         *     its ASCII (punycode) form. It must be a fully qualified name (at least two labels, letters, digits and
         *     hyphens; not an IP address), otherwise 400 `validation_error`. One of the platform's own domains
         *     (`MAIL_DOMAINS`) answers 422 `domain_not_allowed` (its addresses need no verification). A domain already in
         *     your account, or already **verified** by another account, answers 409 `domain_exists`. Claims that are not
         *     yet verified do not block anyone: several accounts may claim the same domain, each with its own token, and
         *     the first to verify it owns it — so nobody can lock a domain out by claiming it without controlling its DNS.
         */
        post: operations["addDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        /**
         * Get one of your custom domains
         * @description The domain with its verification state, catch-all and DNS records. Another account's domain answers 404 `domain_not_found`, exactly as a missing one does.
         */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        /**
         * Delete a custom domain and its addresses
         * @description Removes the domain from your account **together with every address of yours on it** and all their mail, at
         *     once (each address is announced as deleted, as deleteAddress does). From then on SMTP refuses the domain's
         *     mail as a relay attempt (550 5.7.1), and another account may claim and verify it. Unpublish the DNS
         *     records yourself.
         */
        delete: operations["deleteDomain"];
        options?: never;
        head?: never;
        /**
         * Set or clear a domain's catch-all address
         * @description `catch_all` is a local part (e.g. `inbox`): from then on SMTP delivers mail for any address on the domain
         *     that is not a live address — unknown, deleted or expired — to `<catch_all>@<domain>` instead of refusing it
         *     with 550 5.1.1. `null` turns the catch-all off.
         *
         *     The domain must be verified (otherwise 422 `domain_not_allowed`). The catch-all address is an ordinary
         *     address of yours: when it does not exist it is created here, with the longest lifetime allowed
         *     (`MAX_ADDRESS_LIFETIME`); when it exists it is used as it is. It appears under `/api/v1/email`, is read,
         *     extended and deleted there, and expires like any address — while it is not live, mail for unknown addresses
         *     is refused again (the setting stays, and applies again once the address is re-created or extended).
         *     Turning the catch-all off does not delete the address. Should the address belong to another account (left from
         *     an earlier owner of the domain), the answer is 409 `address_exists`.
         */
        patch: operations["updateDomain"];
        trace?: never;
    };
    "/api/v1/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a domain's DNS records and verify it
         * @description Looks up, through the resolvers in `DNS_SERVERS` (the system's when unset, within `VERIFY_TIMEOUT_MS`), the
         *     TXT records at `_ephemail.<domain>` and the MX records of `<domain>`, and answers what was found for each
         *     record in `checks`, with a `message` for humans.
         *
         *     * **The TXT record decides.** The domain is verified when one TXT string at `_ephemail.<domain>` is exactly
         *       `ephemail-verification=<your token>` (records split into several strings are joined first; other TXT
         *       records there are ignored). Check `status`: `ok`; `missing` (no such record, or the name does not exist);
         *       `mismatch` (an `ephemail-verification=` record with another token — for instance another account's claim
         *       or an old token); `error` (DNS failed or timed out — try again).
         *     * **The MX record is advisory.** Its check says whether one MX of the domain is `SMTP_HOSTNAME`, but it does
         *       not block verification: mail can also reach this server through a relay or an MX name of your own. Without
         *       a working route the domain is verified yet receives nothing.
         *
         *     The answer is 200 whether or not verification succeeded: `verified` says which. A failed check records
         *     its reason in the domain's `last_error`. Verification is kept once achieved: a later check that no longer
         *     finds the TXT record reports it in `checks` and `last_error` but does not stop mail (delete the domain to
         *     release it). When another account verified the domain first, the answer is 409 `domain_exists`.
         */
        post: operations["verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/wait": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * Wait for new mail (long poll)
         * @description Answers as soon as the address holds a message received after `since`: at once when there already is one,
         *     otherwise the moment one arrives over SMTP — through any instance of the service (the request is held open
         *     and woken by the event log, not by polling the store). `messages` holds the matching messages, newest first
         *     (at most 100; `count` is how many), as summaries — read one with getMessage. When the wait was woken by new
         *     mail it answers with the message(s) that woke it. When none arrives within `timeout` seconds the
         *     answer is still 200, with `messages: []`, `count: 0` and `timed_out: true`. When the server shuts down
         *     during the wait it answers 503 `service_unavailable` with `Retry-After` (wait again).
         *
         *     Without `since` every message of the address counts, so mail that arrived before the request — for
         *     example because your product sent it faster than your test started waiting — is never missed: on a fresh
         *     address, "wait" means "wait for the first email". To wait for the *next* email on an address that already
         *     has mail, pass the `received_at` of the newest message you have (or the time just before you triggered the
         *     email).
         *
         *     **Matchers.** `subject`, `from`, `unread` and `text` (a case-insensitive substring of the text or HTML body)
         *     narrow what counts, as listMessages's filters do, so a test waits for *the* email it means — the password
         *     reset, not the welcome mail that came first. `count=N` waits until N matching messages are there (mail that
         *     matched before the wait began counts). With matchers the answer lists every matching message (newest first),
         *     not only the one that woke the wait; a wait for `count=N` that times out lists the matching messages there
         *     are, with `timed_out: true`.
         *
         *     The wait also ends, with the same empty answer, when the address expires; an address that is deleted
         *     meanwhile answers 404 `address_not_found`. A wait counts once against the rate limit, however long it lasts.
         *     Reading is not marking: waiting changes no message's `read` state.
         */
        get: operations["waitForMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * Stream new mail (Server-Sent Events)
         * @description A `text/event-stream` (Server-Sent Events, as read by the browser's `EventSource`) that sends one event per
         *     message the address receives, the moment it is stored:
         *
         *     ```
         *     id: 4711
         *     event: message
         *     data: {"id":"msg_4f1c…","from":{…},"subject":"Confirm your email",…}
         *     ```
         *
         *     `data` is the message summary as listMessages shows it (one line of JSON) and `id` the position of its
         *     event in the service's event log (a decimal number, increasing), the same on every instance. The stream
         *     sees mail that arrived through any instance of the service, a moment after it was stored. A
         *     comment line (`: keep-alive`) every 15 seconds keeps proxies from closing an idle stream. The stream starts
         *     with a `retry: 3000` line and a `: connected` comment.
         *
         *     **Catching up.** On reconnection `EventSource` sends the last id it saw as `Last-Event-ID`; the stream then
         *     first replays, oldest first, every message of the address logged after that event (up to 1000), and
         *     continues live — nothing is lost in between, whichever instance the client reconnects to. A message id
         *     (`msg_…`, the event id earlier versions sent) is accepted too and replays what came after that message.
         *     Without `Last-Event-ID`, `since` does the same from an instant; with neither, only new messages are sent.
         *     Deleted messages are not replayed; a `Last-Event-ID` naming a message that is gone replays nothing. The log
         *     keeps events for `EVENT_RETENTION_SECONDS` (7 days by default).
         *
         *     **Matchers.** `subject`, `from`, `unread` and `text` (body) narrow the stream, replay included, to the
         *     messages that match, as waitForMessages's matchers do.
         *
         *     **The end.** The stream stays open until the client closes it. When the address is deleted (or purged by
         *     the sweeper, `RETENTION_SECONDS` after it expired) it sends `event: address.deleted` (data
         *     `{"address": …}`) and closes; a reconnection then answers 404. When the server shuts down it sends
         *     `event: shutdown` (data `{"retry_after": 1}`) and closes the stream; reconnect with `Last-Event-ID`. Failures before
         *     the stream starts (key, rate limit, unknown address) answer JSON errors as every operation does; the
         *     connection counts once against the rate limit and its 200 carries the `X-RateLimit-*` headers.
         */
        get: operations["streamMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your sandboxes
         * @description The account's sandboxes, newest first, without their secrets (the SMTP password and the API key are shown only
         *     when a sandbox is created or rotated). A key restricted to some addresses (`restrict`) cannot hold the sandboxes
         *     scopes (403 `insufficient_scope`).
         */
        get: operations["listSandboxes"];
        put?: never;
        /**
         * Create a sandbox
         * @description A sandbox captures everything an application sends — over authenticated SMTP or the providers' HTTP APIs
         *     (`/sendgrid`, `/postmark`, `/resend`, `/mailgun`, `/ses`) — to **any** recipient, and never relays it. Its mail
         *     is read like an address's (listSandboxMessages, waitForSandboxMessages, streamSandboxMessages, …) and also
         *     appears in the dashboard's "All inboxes", in `message.received` webhooks (with `sandbox_id`) and in MCP.
         *
         *     The answer carries the sandbox's credentials, **shown only here and on rotation** (only their SHA-256 digests are
         *     stored): `smtp` — point the application's SMTP settings at `host`:`port` (STARTTLS when the server has a
         *     certificate) or `tls_port` (implicit TLS; null when `SMTPS_PORT` is not set) with `username` and `password`, AUTH
         *     PLAIN or LOGIN — and `api_key`, the credential of the provider APIs (for Amazon SES: access key id = the sandbox
         *     `id`, secret access key = `api_key`). `name` (1–100 characters, "sandbox" by default) is for telling sandboxes
         *     apart; it need not be unique. An account holds at most 50 sandboxes (409 `too_many_sandboxes`).
         *
         *     `mailbox` is the name under which the sandbox's mail also answers the address message operations
         *     (`/api/v1/email/{mailbox}/messages/…`, the checks and previews included) and the dashboard's mail viewer; it
         *     never receives mail from outside (`.invalid` is never a real domain).
         */
        post: operations["createSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read a sandbox
         * @description The sandbox without its secrets. Another account's sandbox answers 404 `sandbox_not_found`, as a missing one does.
         */
        get: operations["getSandbox"];
        put?: never;
        post?: never;
        /**
         * Delete a sandbox
         * @description Deletes the sandbox, its credentials (refused at once on every instance) and all its mail. Its event streams end
         *     with `event: address.deleted`.
         */
        delete: operations["deleteSandbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a sandbox's credentials
         * @description Replaces the SMTP password and the API key with new ones, answered here once. The old ones are refused at once,
         *     on every instance (they are looked up in the store at each use, never cached). The SMTP username and the sandbox
         *     id stay.
         */
        post: operations["rotateSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a sandbox's messages
         * @description As listMessages does for an address — newest first, summaries, the same filters and paging — for the mail the
         *     sandbox captured. Each message also carries `sandbox_id`, `envelope` (MAIL FROM and every RCPT TO, so Bcc
         *     recipients show here and nowhere in the headers) and `via` (`smtp`, `sendgrid`, `postmark`, `resend`, `mailgun`
         *     or `ses`).
         */
        get: operations["listSandboxMessages"];
        put?: never;
        post?: never;
        /**
         * Delete all of a sandbox's messages
         * @description Empties the sandbox (the sandbox and its credentials stay). Answers how many messages went.
         */
        delete: operations["deleteSandboxMessages"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/messages/wait": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        /**
         * Wait for a sandbox's next message (long poll)
         * @description Exactly as waitForMessages for an address, with the same matchers, `since` and `count`: answers as soon as the
         *     sandbox holds a matching message (at once when there already is one), or with `timed_out: true` after `timeout`
         *     seconds. A sandbox deleted meanwhile answers 404 `sandbox_not_found`.
         */
        get: operations["waitForSandboxMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        /**
         * Stream a sandbox's new mail (Server-Sent Events)
         * @description Exactly as streamMessages for an address: one `event: message` per captured message (`data` its summary, `id`
         *     its event-log position), `Last-Event-ID` or `since` to replay what came before, the same matchers, keep-alive
         *     comments, `event: shutdown` when the server stops; when the sandbox is deleted it sends `event: address.deleted`
         *     and closes.
         */
        get: operations["streamSandboxMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read one of a sandbox's messages
         * @description The full message, as getMessage answers it, with `sandbox_id`, `envelope` and `via`.
         */
        get: operations["getSandboxMessage"];
        put?: never;
        post?: never;
        /**
         * Delete one of a sandbox's messages
         * @description Deletes the message with its attachments and raw source.
         */
        delete: operations["deleteSandboxMessage"];
        options?: never;
        head?: never;
        /**
         * Mark one of a sandbox's messages read or unread
         * @description As updateMessage: sets `read` and answers the message.
         */
        patch: operations["updateSandboxMessage"];
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/messages/{messageId}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download a sandbox message's raw source
         * @description The message as captured (RFC 5322 bytes: for SMTP exactly what the client sent; for the provider APIs the MIME
         *     message built from the request by nodemailer's MailComposer), as `message/rfc822` named `<id>.eml`.
         */
        get: operations["getSandboxMessageRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandboxes/{id}/messages/{messageId}/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_1a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachmentId: components["parameters"]["SandboxAttachmentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download an attachment of a sandbox message
         * @description As getAttachment: the bytes with the declared content type, always as a download (`Content-Disposition:
         *     attachment`, `nosniff`).
         */
        get: operations["getSandboxAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's keys
         * @description Every key of the account, Tools and Developer, revoked ones included, oldest first; never a key itself.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create a Developer key with at most the caller's rights
         * @description Creates a Developer key for the caller's account. Its scopes default to the caller's; asking for a scope the
         *     caller lacks, a later expiry than the caller's, or no restriction when the caller is restricted (or patterns
         *     outside the caller's) answers 403 `insufficient_scope`. The key is shown only in this answer (only its
         *     SHA-256 digest is stored). At most 50 live Developer keys per account (409 `too_many_keys`).
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A key id (`key_…`) from the key list — not the key itself.
                 * @example key_5d4c3b2a19f8e7d6c5b4a39281706f5e
                 */
                key_id: components["parameters"]["KeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key
         * @description The key stops working at once, on every instance, and stays listed with `revoked_at`. Revoking a revoked key answers the same 200; another account's key answers 404 `key_not_found`. A key may revoke itself.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your webhooks
         * @description The webhooks of the key's account, newest first, paged with `limit` and `offset`; `count` is the total.
         *     Signing secrets are never listed: create and rotate show them once.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Registers an endpoint that receives the chosen `events` as signed POST requests (Standard Webhooks; the
         *     `webhooks` tag explains signing, retries and automatic disabling). The answer carries the signing `secret`
         *     (`whsec_…`) once; no later answer shows it — keep it, or rotate to get a new one. A new webhook is enabled.
         *
         *     * `url`: `http` or `https`, no user name or password in it, at most 2048 characters (otherwise 400
         *       `validation_error`). Its host is resolved
         *       now and again at every attempt. Loopback, private (RFC 1918), shared (CGNAT 100.64/10), link-local
         *       (including the cloud metadata address 169.254.169.254), unique-local and link-local IPv6, IPv4-mapped
         *       forms of those, multicast and reserved addresses are refused with 422 `webhook_target_not_allowed` — as
         *       is a host that does not resolve, since it cannot be checked — unless the operator sets
         *       `WEBHOOK_ALLOW_PRIVATE=true` or lists the network in `WEBHOOK_ALLOWED_NETWORKS`. Cloud metadata endpoints
         *       (169.254.169.254, 169.254.170.2, 169.254.0.23, 100.100.100.200, 168.63.129.16, fd00:ec2::254) stay refused
         *       with `WEBHOOK_ALLOW_PRIVATE` and are reachable only when `WEBHOOK_ALLOWED_NETWORKS` names them. A host with
         *       several addresses is refused when any of them is refused.
         *     * `events`: one or more of `message.received`, `address.created`, `address.expired`, `address.deleted`
         *       (`webhook.test` is sent only by the test operation and cannot be subscribed to).
         *     * `address` (optional): only events of that one address of yours. It must be an address of your account
         *       that exists now; otherwise the answer is 404 `address_not_found`, the same whether the address belongs to
         *       nobody or to another account. The filter outlives the address: once it is deleted or purged, the webhook
         *       stays and receives nothing more until the filter is changed.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get one of your webhooks
         * @description The webhook's settings and state (without its secret). Another account's webhook answers 404 `webhook_not_found`, exactly as a missing one does.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes the webhook with its pending deliveries and its delivery log, at once. An attempt already on the wire may still arrive.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change, enable or disable a webhook
         * @description Changes only the fields sent (at least one). `url`, `events` and `address` follow the rules of create
         *     (422 `webhook_target_not_allowed`, 404 `address_not_found`); `address: null` removes the filter and
         *     `description: null` clears the description.
         *
         *     `enabled: false` disables the webhook (`disabled_reason: manual`): events that happen while it is disabled
         *     are not queued for it, and its pending deliveries wait. `enabled: true` re-enables it — also after an
         *     automatic disabling — clears `failing_since`, and sends the waiting deliveries at once. Sending the state
         *     it already has changes nothing.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret
         * @description Makes a new signing secret and answers it once. The previous secret keeps working for
         *     `previous_secret_expires_in` seconds (default 86400 = 24 h, 0 ends it at once, at most 7 days): until then
         *     every request carries two signatures, `webhook-signature: v1,<by new secret> v1,<by previous secret>`, which
         *     Standard Webhooks libraries accept with either secret — so receivers can switch secrets without missing a
         *     delivery. Rotating again during a grace period replaces the previous secret with the current one (only one
         *     previous secret is kept). Deliveries already queued are signed with whatever secrets are current when they
         *     are attempted.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        /**
         * The delivery log of a webhook
         * @description The webhook's deliveries (one per event), newest first, each with its payload and every attempt made (number,
         *     time, HTTP status, duration, error, the first 1024 characters of the answer). `status` narrows the list.
         *     Finished deliveries (`succeeded`, `failed`) are kept for 7 days after they finish; pending ones until
         *     they finish.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
                /**
                 * @description A delivery id (`whd_…`) from the delivery log; the same value the receiver got as `webhook-id`.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                delivery_id: components["parameters"]["WebhookDeliveryIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Queues the delivery again, whatever its status, with the same `webhook-id` and the same payload (receivers
         *     that drop duplicates by `webhook-id` will drop it too — that is the point of the id). It is attempted at once
         *     and, if that attempt fails, retried on the full schedule from the start. The answer is the delivery, now
         *     `pending`. A disabled webhook answers 409 `webhook_disabled`: enable it first.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this webhook only, signed and retried like any other, and answers the new
         *     delivery (`pending`); follow it in the delivery log. Use it to check a receiver's signature verification
         *     before real mail arrives. A disabled webhook answers 409 `webhook_disabled`: enable it first.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and log in
         * @description Creates an account on the `free` plan and starts a session: the answer sets the `ephemail_session` cookie
         *     (HttpOnly, SameSite=Lax, Path=/, Secure when the request came over HTTPS — behind a proxy with
         *     `TRUST_PROXY=true`, when it says so) and carries the session's CSRF token.
         *
         *     **Password rule:** 10 to 256 characters (Unicode code points), and not the email address itself. Passwords
         *     are stored as scrypt hashes (N = 2^`PASSWORD_HASH_COST`, 32768 by default; r=8, p=1) with a per-account
         *     random salt; each hash keeps its parameters, so a raised cost leaves earlier passwords working.
         *
         *     **An email that already has an account** answers 409 `account_exists`. Sign-up cannot hide that without
         *     sending a verification mail, which a self-hosted instance may not be able to do; instead sign-up shares
         *     log-in's rate limit, which bounds how fast anyone can probe. Log-in itself never tells an unknown email from
         *     a wrong password.
         *
         *     **Limits and CSRF:** sign-up and log-in together allow, per `RATE_LIMIT_LOGIN_WINDOW_SECONDS` (900 by
         *     default), `RATE_LIMIT_LOGIN` attempts per email address from one client IP (10), `RATE_LIMIT_LOGIN_IP` per
         *     client IP (50) and `RATE_LIMIT_LOGIN_ACCOUNT` per email address from all clients (100; past it only a
         *     client's first attempt for the address is looked at). Past a limit the answer is 429 `rate_limited` with
         *     `Retry-After`. A stranger's failures therefore block only the stranger's client: the owner still logs in. The body must be JSON, which HTML forms on other
         *     sites cannot send, and a browser request from another site (by `Sec-Fetch-Site`, or by `Origin` in browsers
         *     that do not send it) answers 403 `csrf_failed`.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in
         * @description Checks the email and password and starts a session (same cookie and answer as sign-up). An unknown email,
         *     a wrong password and an account without a password (accounts the operator created with the admin CLI get
         *     one with `npm run admin -- account password --email E`) all answer the same 401 `invalid_credentials`,
         *     after the same amount of work, so log-in does not reveal which emails have accounts. Rate limited per email
         *     and per client IP as described under sign-up; a browser request from another site answers 403
         *     `csrf_failed`. Logging in does not end the account's other sessions.
         */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out
         * @description Ends this session on the server (the cookie stops working everywhere it was copied) and clears the cookie. Needs the session's CSRF token like every state-changing dashboard call.
         */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session
         * @description Who is logged in, on which plan, the CSRF token every state-changing dashboard call must send as
         *     `x-csrf-token`, whether the dashboard may change plans itself (`SELF_SERVE_PLANS`) and, when it may not,
         *     what to ask the operator. Sessions slide: each use pushes `expires_at` to `SESSION_TTL_SECONDS` (14 days
         *     by default) from now, at most every few minutes, and renews the cookie with it.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/account/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your plan
         * @description Moves the account to `developer` (Developer keys and addresses) or back to `free`. Only when the operator
         *     runs with `SELF_SERVE_PLANS=true` (the self-hosted default); otherwise 403 `plan_change_not_allowed`, whose
         *     message says what to ask the operator (`npm run admin -- account plan --email E --plan developer`).
         *     Moving to `free` keeps Developer keys and addresses, but they answer 403 `plan_required` until the account
         *     is on the developer plan again. Asking for the plan the account already has is not an error.
         */
        put: operations["changePlan"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your API keys
         * @description The account's keys, oldest first, revoked ones included (`revoked_at` set). `kind` narrows the list to
         *     Tools or Developer keys. Keys are never shown again after creation: the list carries their non-secret
         *     `prefix` only.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a Tools key (any plan) or a Developer key (developer plan only; otherwise 403 `plan_required`,
         *     whose message says how to upgrade). The answer's `key` is the only time the key is shown: only its
         *     SHA-256 digest is stored. `name` (default "tools key" / "developer key") is for telling keys apart.
         *     An account may hold at most 50 live (unrevoked) keys of each kind; past that, 409 `too_many_keys`.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A key id (`key_…`) from the key list — not the key itself.
                 * @example key_5d4c3b2a19f8e7d6c5b4a39281706f5e
                 */
                key_id: components["parameters"]["KeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once (401 `invalid_api_key`) and stays listed with `revoked_at`. Revoking a revoked key answers the same 200. Another account's key answers 404 `key_not_found`, as a missing one does.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's members and open invitations
         * @description Every member of the session's workspace with their role, and the invitations still open. Any member may look.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone to the workspace
         * @description Makes a single-use invitation link for `email` with `role`, valid for 7 days. The token is shown only in
         *     this answer (only its digest is stored). The invitee opens the link and accepts it logged in
         *     (`acceptInvitation`) or signs up with it (`signUp`'s `invitation`). Only an owner may invite an owner.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/members/invitations/{invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation id (`inv_…`). */
                invitation_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw an invitation
         * @description The link stops working at once. An unknown or already accepted invitation answers 404 `not_found`.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/members/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's person id (`psn_…`). */
                member_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member, or leave
         * @description An admin removes members below owner (an owner removes anyone); anyone may remove themselves (leave). The last owner cannot leave or be removed (409 `last_owner`). Their sessions in this workspace end.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Admins change roles below owner; only an owner makes or unmakes an owner. The last owner cannot be demoted (409 `last_owner`).
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/dashboard/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description The logged-in person joins the invitation's workspace with its role; it appears in the answer's `workspaces`, and `switchWorkspace` moves the session there (the session stays where it is, so other tabs are not moved under the user's feet). A token that is unknown, used, withdrawn or expired answers 410 `invitation_invalid`; a person already in the workspace 409 `already_member`.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/session/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the session to another workspace
         * @description The session works in `account_id` from now on, with the person's role there. A workspace the person does not belong to answers 404 `not_found`.
         */
        post: operations["switchWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/sandboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's sandboxes
         * @description As listSandboxes, for the logged-in workspace (developer plan). Their mail is read through the address message
         *     operations under each sandbox's `mailbox`, and is part of listDashboardInbox.
         */
        get: operations["listDashboardSandboxes"];
        put?: never;
        /**
         * Create a sandbox
         * @description As createSandbox: the answer holds the SMTP password and the API key, shown this once.
         */
        post: operations["createDashboardSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/sandboxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a sandbox
         * @description As deleteSandbox: the sandbox, its credentials and its mail go.
         */
        delete: operations["deleteDashboardSandbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/sandboxes/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a sandbox's credentials
         * @description As rotateSandbox: new SMTP password and API key, shown this once; the old ones stop working at once.
         */
        post: operations["rotateDashboardSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API usage
         * @description Requests made with the account's keys over the last `days` UTC days (today included), counted per day, key
         *     and operation. Every request that presented a valid key counts, whatever its answer; `rate_limited`
         *     counts the ones answered 429 (a subset of `requests`). Unkeyed and dashboard calls are not counted.
         *     Counts are collected in memory and written every few seconds; this operation first writes this server's
         *     pending counts, so a call made a moment ago is included (with several instances, the others' counts
         *     arrive within their next write). `days` lists every day of the range, also days without requests, so
         *     charts need no gap filling; `keys` and `endpoints` describe every key and operation that `rows` mention.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your addresses (dashboard)
         * @description The same list as `listAddresses`, for the logged-in account. Addresses belong to the Developer API, so the
         *     dashboard applies its rule too: accounts on the `free` plan get 403 `plan_required` (the message says how
         *     to upgrade).
         */
        get: operations["listDashboardAddresses"];
        put?: never;
        /**
         * Create an address (dashboard)
         * @description The same rules and answers as `createAddress`, for the logged-in account (developer plan; otherwise 403 `plan_required`).
         */
        post: operations["createDashboardAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an address and its mail (dashboard)
         * @description The same as `deleteAddress`, for the logged-in account (developer plan).
         */
        delete: operations["deleteDashboardAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Extend an address's lifetime (dashboard)
         * @description The same rules and answers as `extendAddress`, for the logged-in account (developer plan).
         */
        patch: operations["extendDashboardAddress"];
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * List the messages of an address (dashboard)
         * @description The same as `listMessages` (the same filters), for the logged-in account (developer plan).
         */
        get: operations["listDashboardMessages"];
        put?: never;
        post?: never;
        /**
         * Delete all the mail of an address (dashboard)
         * @description Deletes every message of the address (with attachments and raw sources) and keeps the address. For the developer plan.
         */
        delete: operations["deleteAllDashboardMessages"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read one message (dashboard)
         * @description The same as `getMessage`, for the logged-in account (developer plan). `html` is returned as received; the
         *     dashboard sanitises it (DOMPurify) and renders it in an iframe sandboxed without scripts or same-origin
         *     access, whose own CSP loads no remote content — remote images only when the reader asks for them for this
         *     message; `cid:` images come from the message's attachments (see getDashboardMessageStructure). Reading
         *     does not mark the message read (see updateDashboardMessage).
         */
        get: operations["getDashboardMessage"];
        put?: never;
        post?: never;
        /**
         * Delete one message (dashboard)
         * @description The same as `deleteMessage`, for the logged-in account (developer plan).
         */
        delete: operations["deleteDashboardMessage"];
        options?: never;
        head?: never;
        /**
         * Mark a message read or unread (dashboard)
         * @description The same as `updateMessage`, for the logged-in account (developer plan). The dashboard never marks a message
         *     read by itself when it is opened: the reader does, with a button or with the "mark read when opened"
         *     setting, the way a test suite does through the API.
         */
        patch: operations["updateDashboardMessage"];
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download a message's raw source (dashboard)
         * @description The same as `getMessageRaw`, for the logged-in account (developer plan); the dashboard links to it for "view source".
         */
        get: operations["getDashboardMessageRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download an attachment (dashboard)
         * @description The same as `getAttachment`, for the logged-in account (developer plan) — always a download (`Content-Disposition; attachment`, `nosniff`, a sandboxing CSP), never rendered as a page in the dashboard's origin. The dashboard previews image attachments with `<img>`, which runs nothing, and fetches the ones that `cid:` references name to show them inside the message.
         */
        get: operations["getDashboardAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}/structure": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * A message's headers and inline parts (dashboard)
         * @description What the dashboard's Headers tab and its HTML view need beyond `getDashboardMessage`, read from the raw
         *     source as received: every header field in order, repeated ones included (`Received` lines, several
         *     `DKIM-Signature`s…), each with its name as written, its value unfolded and with RFC 2047 encoded words
         *     decoded; and the attachments that the HTML refers to by `cid:` (an `<img src="cid:logo@shop">`), so the
         *     dashboard can show them inside the message from the message's own attachments — never from the network.
         *     For the developer plan.
         */
        get: operations["getDashboardMessageStructure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Check a message as a deliverability tool would (dashboard)
         * @description The same as `checkMessage`, for the logged-in account (developer plan); the message view's Checks tab shows it.
         */
        get: operations["checkDashboardMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/addresses/{address}/messages/{id}/preview.png": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * A picture of the message as a browser renders it (dashboard)
         * @description The same as `getMessagePreview`, for the logged-in account (developer plan); the Checks tab shows the previews side by side.
         */
        get: operations["getDashboardMessagePreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One inbox across your addresses (dashboard)
         * @description The messages of all the account's addresses in one list, newest first (by `received_at`, then `id`), each
         *     with the address that received it and a preview line (the start of the text body, or of the HTML body's
         *     text when there is none; at most 160 characters). For the developer plan.
         *
         *     **Search and filters** combine (all must match): `q` is a case-insensitive substring of the subject, the
         *     sender's address or display name, or the text or HTML body (any of them; `%` and `_` are plain
         *     characters); `unread=true` keeps unread messages (`false` read ones); `has_attachments=true` keeps
         *     messages with attachments (`false` those without); `address` keeps one address's messages (404
         *     `address_not_found` when it is not one of yours).
         *
         *     `count` is the number of matching messages, `unread` the number of unread messages of the whole account
         *     (whatever the filters) — the dashboard's tab title shows it —, and `mailboxes` gives, for every address that
         *     holds mail, its total and unread counts (whatever the filters), for the address list. Listing marks
         *     nothing read.
         */
        get: operations["listDashboardInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/messages/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark several messages read or unread, or delete them (dashboard)
         * @description Applies one action to up to 100 messages of the account's addresses, named by id: `read` and `unread` set
         *     their read state as `updateMessage` does, `delete` deletes them with their attachments and raw source.
         *     Ids that name no message of yours (another account's answer the same) are listed in `not_found` and
         *     change nothing; the others are acted on. For the developer plan.
         */
        post: operations["updateDashboardMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live events of your account (Server-Sent Events, dashboard)
         * @description A `text/event-stream` for the logged-in session (the browser's `EventSource` sends the cookie by itself),
         *     with the account's events across all its addresses as they are logged — the dashboard's inbox and unread
         *     counts follow it instead of polling:
         *
         *     ```
         *     id: 4711
         *     event: message
         *     data: {"address":"signup-test@ephemail.local","message":{"id":"msg_4f1c…","subject":"Confirm your email",…}}
         *     ```
         *
         *     `event: message` carries the receiving address and the message summary as listMessages shows it;
         *     `event: address.created` and `event: address.deleted` carry `{"address": …}` (a purge by the sweeper is
         *     sent as `address.deleted` too). `id` is the event's position in the service's event log, as in
         *     `streamMessages`: on reconnection `EventSource` sends it as `Last-Event-ID` and the stream first replays,
         *     oldest first, the account's messages logged after it (up to 1000; deleted ones are skipped), then goes on
         *     live. The stream starts with `retry: 3000` and `: connected`, sends `: keep-alive` every 15 seconds, and at
         *     server shutdown sends `event: shutdown` and closes (reconnect). For the developer plan; failures before
         *     the stream starts (session, plan, rate limit) answer JSON errors. The connection counts once against the
         *     dashboard rate limit.
         */
        get: operations["streamDashboardEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sendgrid/v3/mail/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SendGrid v3 Mail Send, captured into a sandbox
         * @description SendGrid's `POST /v3/mail/send`, answered as SendGrid answers it, so `@sendgrid/mail` (or any SendGrid
         *     client) pointed at `<server>/sendgrid` delivers into the sandbox whose `api_key` it sends as
         *     `Authorization: Bearer <api_key>`. Nothing is relayed.
         *
         *     Each personalization becomes one message (its own `to`, `cc`, `bcc`, `subject`, `headers` and `send_at` over
         *     the request's), built with nodemailer's MailComposer: `content` (`text/plain`, `text/html`), `attachments`
         *     (base64; `disposition: inline` with `content_id` makes an inline part), `reply_to`, `headers`. `categories`
         *     are kept as the header `X-SendGrid-Categories` (comma-separated), `custom_args` as `X-SendGrid-Custom-Args`
         *     (JSON), and `send_at` (Unix seconds) as `X-SendGrid-Send-At`: the message is captured at once, not held.
         *     Bcc recipients are in the message's `envelope` only, never in its headers. Templates are not rendered.
         *
         *     Answers 202 with no body and SendGrid's `X-Message-Id` header (the first message's id). Failures have
         *     SendGrid's shape `{ "errors": [{ "message", "field", "help" }] }`: 400 a missing or malformed field (or a
         *     body that is not JSON), 401 a missing, unknown or rotated key, 413 a body over `BODY_LIMIT`, 415 a body that
         *     is not JSON, 429 the account's inbound allowance (`RATE_LIMIT_INBOUND`, counted per message, as SMTP counts
         *     it) is used up, 503 the server is overloaded or its intake queue is full. Provider routes have no per-key
         *     request limit (`x-rate-limit: inbound`).
         */
        post: operations["sendSendGridMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/postmark/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Postmark send a single email, captured into a sandbox
         * @description Postmark's `POST /email`, answered as Postmark answers it, so the `postmark` client (`ServerClient` with
         *     `requestHost` set to `<host:port>/postmark`) delivers into the sandbox whose `api_key` it sends as
         *     `X-Postmark-Server-Token`. Nothing is relayed.
         *
         *     `From`, `To`, `Cc`, `Bcc` and `ReplyTo` take comma-separated addresses; `TextBody` and/or `HtmlBody`;
         *     `Headers` (`[{ Name, Value }]`), `Attachments` (`Name`, base64 `Content`, `ContentType`, and `ContentID` for an
         *     inline part), `Tag` (kept as the header `X-PM-Tag`), `Metadata` (kept as `X-PM-Metadata-<key>` headers),
         *     `MessageStream` (accepted). Bcc recipients are in the message's `envelope` only.
         *
         *     Answers 200 `{ To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK" }` (`MessageID` is the captured
         *     message's id). Failures are Postmark's `{ ErrorCode, Message }`: 401 with ErrorCode 10 for a missing, unknown
         *     or rotated token, 422 with ErrorCode 300 for an invalid field (ErrorCode 402 for a body that is not JSON, with
         *     400), 413 a body over `BODY_LIMIT`, 415 not JSON, 429 with ErrorCode 405 when the account's inbound
         *     allowance is used up, 500/503 with ErrorCode 100.
         */
        post: operations["sendPostmarkEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/postmark/email/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Postmark send a batch of emails, captured into a sandbox
         * @description Postmark's `POST /email/batch`: up to 500 messages of sendPostmarkEmail's shape in one array. Answers 200 with
         *     one result per message, in order: `{ To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK" }` for each one
         *     captured, `{ ErrorCode: 300, Message }` (no `MessageID`) for one that could not be built, as Postmark does.
         *     Authentication and the other failures as sendPostmarkEmail; a body that breaks the schema is refused whole
         *     (422, ErrorCode 300). Each captured message counts against the inbound allowance.
         */
        post: operations["sendPostmarkBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resend/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend send an email, captured into a sandbox
         * @description Resend's `POST /emails`, answered as Resend answers it, so the `resend` client (`RESEND_BASE_URL` or the
         *     `baseUrl` option set to `<server>/resend`) delivers into the sandbox whose `api_key` it sends as
         *     `Authorization: Bearer <api_key>`. Nothing is relayed.
         *
         *     `from`; `to`, `cc`, `bcc`, `reply_to` (an address or a list); `subject`; `html` and/or `text`; `headers`;
         *     `tags` (kept as `X-Resend-Tags`, JSON); `attachments` with base64 `content` (a remote `path` is refused:
         *     this server fetches nothing), `filename`, `content_type` and `content_id` (inline); `scheduled_at`
         *     (kept as `X-Resend-Scheduled-At`; captured at once). Bcc recipients are in the message's `envelope` only.
         *
         *     `Idempotency-Key` (up to 256 characters) is honoured for 24 hours per sandbox, across restarts: a repeat with
         *     the same key and body answers the first answer and captures nothing new; the same key with another body is
         *     409 `invalid_idempotent_request`, and a repeat while the first is still being captured 409
         *     `concurrent_idempotent_requests`.
         *
         *     Answers 200 `{ "id" }` (the captured message's id). Failures are Resend's `{ statusCode, name, message }`:
         *     401 `missing_api_key`, 403 `invalid_api_key` (unknown or rotated), 422 `validation_error` or
         *     `missing_required_field`, 400 a body that is not JSON, 409 as above, 413, 415, 429 `rate_limit_exceeded`
         *     (the account's inbound allowance), 500/503 `application_error`.
         */
        post: operations["sendResendEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resend/emails/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend send a batch of emails, captured into a sandbox
         * @description Resend's `POST /emails/batch`: up to 100 emails of sendResendEmail's shape. With `x-batch-validation:
         *     strict` (the default) one invalid email refuses the whole batch (422); with `permissive` the valid ones are
         *     captured and the others listed in `errors` (`{ index, message }`). Answers 200 `{ data: [{ id }] }`.
         *     `Idempotency-Key` and the failures as sendResendEmail.
         */
        post: operations["sendResendBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mailgun/v3/{domain}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mailgun send a message, captured into a sandbox
         * @description Mailgun's `POST /v3/{domain}/messages`, answered as Mailgun answers it, so `mailgun.js` (its `url` option set
         *     to `<server>/mailgun`) delivers into the sandbox whose `api_key` it sends as HTTP Basic `api:<api_key>`. The
         *     body is `multipart/form-data` or `application/x-www-form-urlencoded`. Nothing is relayed.
         *
         *     `from`, `to`, `cc`, `bcc` (repeated, or comma-separated), `subject`, `text`, `html`; `attachment` and
         *     `inline` file parts (an inline part is referenced as `cid:<its file name>`); `h:<Name>` adds a header;
         *     `o:tag` is kept as `X-Mailgun-Tag`, `v:<name>` as `X-Mailgun-Variables` (JSON); other `o:` and `t:` options
         *     are accepted. Bcc recipients are in the message's `envelope` only. `{domain}` is only echoed in the answer's
         *     id.
         *
         *     Answers 200 `{ id: "<msg_…@domain>", message: "Queued. Thank you." }`. Failures are Mailgun's
         *     `{ message }`: 400 a missing or malformed parameter, 401 a missing, unknown or rotated key, 413, 415 (another
         *     media type), 429 the account's inbound allowance, 500/503.
         */
        post: operations["sendMailgunMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ses/v2/email/outbound-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Amazon SES v2 SendEmail, captured into a sandbox
         * @description Amazon SES v2's `SendEmail`, answered as SES answers it, so `@aws-sdk/client-sesv2` (its `endpoint` set to
         *     `<server>/ses`, any region) delivers into a sandbox. Requests are signed with AWS Signature Version 4:
         *     **access key id = the sandbox's `id`, secret access key = its `api_key`**. The signature is recomputed for the
         *     request received with the AWS SDK's own signer (`@smithy/signature-v4`) and compared in constant time; a
         *     request signed more than 15 minutes from the server's clock is refused. Because SigV4 is an HMAC, this needs
         *     the secret itself: it is kept for this check alone (like webhook secrets), beside the digests the other
         *     providers use, and replaced on rotation; a sandbox made before SES support is reached after one rotation.
         *     Nothing is relayed.
         *
         *     `Content.Simple` (`Subject`, `Body.Text` / `Body.Html`, `Headers`, `Attachments` with base64 `RawContent`,
         *     `FileName`, `ContentType`, `ContentDisposition` `INLINE` with `ContentId`) is built with nodemailer's
         *     MailComposer; `Content.Raw.Data` (base64 MIME) is captured as it is. `FromEmailAddress`, `Destination`
         *     (`ToAddresses`, `CcAddresses`, `BccAddresses`; for Raw content the message's own headers when left out),
         *     `ReplyToAddresses`; `EmailTags` are kept as `X-SES-Tags` (JSON). Bcc recipients are in the envelope only.
         *
         *     Answers 200 `{ "MessageId" }`. Failures are SES's: `{ message }` with the error's name in the
         *     `x-amzn-ErrorType` header (the SDK raises an error of that name): 403 `SignatureDoesNotMatch` (a signature
         *     that does not match), `UnrecognizedClientException` (an unknown access key id), `InvalidSignatureException`
         *     (signed too long ago or ahead), `MissingAuthenticationTokenException` (not signed), `IncompleteSignatureException`
         *     with 400 (an Authorization header that is not SigV4); 400 `BadRequestException` (an invalid field or a body
         *     that is not JSON), 413, 415, 429 `TooManyRequestsException` (the account's inbound allowance), 500
         *     `InternalFailure`, 503 `ServiceUnavailable`. (SES refuses credentials with 403, never 401.)
         */
        post: operations["sendSesEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Amazon SES v1 (the Query API) SendEmail and SendRawEmail, captured into a sandbox
         * @description Amazon SES's first API, `Action=SendEmail` and `Action=SendRawEmail` (version 2010-12-01), answered as SES
         *     answers it, so the SDKs and mail libraries that still use it — `@aws-sdk/client-ses`, boto3's `ses` client
         *     (django-ses), the PHP SDK's `SesClient` (Laravel's `ses` mailer), the Ruby SDK's `Aws::SES::Client` — deliver
         *     into a sandbox with their endpoint set to `<server>/ses` (any region; they post to `/ses/`, which is the same
         *     route). Signed with AWS Signature Version 4 exactly as sendSesEmail: access key id = the sandbox's `id`,
         *     secret access key = its `api_key`; the signature covers the form body. Nothing is relayed.
         *
         *     The body is `application/x-www-form-urlencoded`, lists as `Name.member.N`:
         *     - `SendEmail`: `Source` (required; `Name <address>` allowed), `Destination.ToAddresses.member.N`,
         *       `Destination.CcAddresses.member.N`, `Destination.BccAddresses.member.N` (at least one recipient),
         *       `Message.Subject.Data` (required), `Message.Body.Text.Data` and/or `Message.Body.Html.Data` (one at
         *       least), `ReplyToAddresses.member.N`. Composed with nodemailer's MailComposer; Bcc recipients are in the
         *       envelope only.
         *     - `SendRawEmail`: `RawMessage.Data` (required, base64 MIME, captured as it is), `Source` (the envelope
         *       sender; the message's From when left out), `Destinations.member.N` (the envelope recipients; the
         *       message's own To, Cc and Bcc when left out).
         *     - Both: `Tags.member.N.Name` / `Tags.member.N.Value` are kept as an `X-SES-Tags` header (JSON, as
         *       sendSesEmail keeps `EmailTags`); `ConfigurationSetName`, `ReturnPath`, `SourceArn`, `FromArn`,
         *       `ReturnPathArn` and the `*Charset` fields are accepted and not used (the text is taken as UTF-8).
         *       The captured message shows `via: ses`.
         *
         *     Answers 200 `text/xml`: `<SendEmailResponse>` or `<SendRawEmailResponse>` with `<MessageId>` and a
         *     `<RequestId>`, in SES's namespace, and the request id in `x-amzn-RequestId`. Failures are the Query API's
         *     `<ErrorResponse><Error><Type>Sender|Receiver</Type><Code>…</Code><Message>…</Message></Error><RequestId>…`
         *     (the SDK raises an error named by `Code`): 403 `SignatureDoesNotMatch` (a signature that does not match, or
         *     signed more than 15 minutes from the server's clock), `InvalidClientTokenId` (an unknown access key id),
         *     `MissingAuthenticationToken` (not signed); 400 `IncompleteSignature` (an Authorization header that is not
         *     SigV4), `InvalidAction` (an `Action` other than the two), `ValidationError` (a required field missing),
         *     `InvalidParameterValue` (a field that cannot be read: an address, base64); 413 `RequestEntityTooLarge`, 415
         *     `UnsupportedMediaType` (a body that is not a form), 429 `Throttling` (the account's inbound allowance), 500
         *     `InternalFailure`, 503 `ServiceUnavailable`.
         */
        post: operations["sendSesQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail arrived at one of your addresses
         * @description Sent once per stored copy, after the message is committed, to every enabled webhook of the account that subscribes to `message.received` and whose `address` filter (if any) matches. Verify the signature before trusting the body; drop duplicates by `webhook-id`.
         */
        post: operations["webhookMessageReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "address.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An address was created
         * @description Sent when an address of the account is created — with the Developer API, in the dashboard, or as a custom domain's catch-all.
         */
        post: operations["webhookAddressCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "address.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An address expired
         * @description Sent by the sweeper in its first run after the address's expiry (every `SWEEP_INTERVAL_SECONDS`). An address that expired while no server was running is not announced.
         */
        post: operations["webhookAddressExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "address.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An address was deleted
         * @description Sent when an address of the account is deleted — with the Developer API, in the dashboard, or with its custom domain — but not when the sweeper purges an expired one.
         */
        post: operations["webhookAddressDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event
         * @description Sent by the sendTestWebhook operation to that one webhook.
         */
        post: operations["webhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Machine-readable error code. Each code always answers with the same HTTP status, given by the `x-status`
         *     map beside this list (the server takes its statuses from there): 400 for bad input, 401 for missing or
         *     wrong credentials, 403 for credentials that may not do this, 404 for what does not exist (or belongs to
         *     another account), 405 `method_not_allowed` (with an `Allow` header) for a method a known path does not
         *     have, 409 for conflicts, 413/415 for bodies, 422 for well-formed requests the service refuses,
         *     429 for rate limits, 500 for failures of ours, 503 when the service cannot answer right now.
         * @enum {string}
         */
        ErrorCode: "validation_error" | "invalid_json" | "ambiguous_api_key" | "qr_capacity_exceeded" | "qr_size_too_small" | "missing_api_key" | "invalid_api_key" | "wrong_key_kind" | "plan_required" | "not_found" | "method_not_allowed" | "account_not_found" | "key_not_found" | "address_not_found" | "message_not_found" | "webhook_not_found" | "webhook_delivery_not_found" | "webhook_disabled" | "webhook_target_not_allowed" | "attachment_not_found" | "domain_not_found" | "account_exists" | "address_exists" | "domain_exists" | "domain_not_allowed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "service_unavailable" | "invalid_credentials" | "session_required" | "csrf_failed" | "plan_change_not_allowed" | "too_many_keys" | "insufficient_scope" | "key_expired" | "preview_unavailable" | "insufficient_role" | "invitation_invalid" | "last_owner" | "member_not_found" | "already_member" | "sandbox_not_found" | "too_many_sandboxes";
        /** @description The failure envelope used by every operation. */
        Error: {
            /**
             * @description Always false.
             * @constant
             */
            success: false;
            error: components["schemas"]["ErrorCode"];
            /** @description A sentence for humans saying what was wrong and, where it helps, how to fix it. */
            message: string;
        };
        Readiness: {
            /**
             * @description Always `ready` on 200.
             * @constant
             */
            status: "ready";
            /** @description Each check this instance made. */
            checks: {
                /**
                 * @description The database answered.
                 * @constant
                 */
                database: "ok";
                /**
                 * @description Every migration of this version is applied.
                 * @constant
                 */
                migrations: "ok";
                /**
                 * @description Redis answered PING (`ok`), did not (`degraded`: the instance serves with per-instance limits and without Redis wake-ups), or `REDIS_URL` is not set.
                 * @enum {string}
                 */
                redis: "ok" | "degraded" | "not_configured";
            };
            /** @description The intake queue shared by every instance, between an SMTP 250 and the message being stored. */
            intake: {
                /** @description Messages acknowledged over SMTP and not yet stored. */
                queued: number;
                /** @description Seconds since the oldest of them was accepted; 0 when none is queued. */
                lag_seconds: number;
            };
        };
        Health: {
            /**
             * @description Always `ok` on 200.
             * @constant
             */
            status: "ok";
            /**
             * @description The store in use.
             * @enum {string}
             */
            database: "sqlite" | "postgres";
            /** @description Server version. */
            version: string;
        };
        /**
         * @description What the QR code carries.
         * @default text
         * @enum {string}
         */
        QrType: "text" | "url" | "email" | "phone" | "wifi";
        /**
         * @description Wi-Fi security type.
         * @enum {string}
         */
        WifiEncryption: "WPA" | "WEP" | "nopass";
        /**
         * @description QR error-correction level.
         * @default M
         * @enum {string}
         */
        ErrorCorrectionLevel: "L" | "M" | "Q" | "H";
        /**
         * @description Answer format.
         * @default json
         * @enum {string}
         */
        QrFormat: "json" | "png" | "svg";
        /** @description QR parameters as a JSON body; the same rules as the query parameters of the GET form. */
        QrCodeRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            type?: components["schemas"]["QrType"];
            /** @description Text to encode when `type=text`. */
            text?: string;
            /** @description URL to encode when `type=url`. */
            url?: string;
            /** @description Address encoded as `mailto:` when `type=email`. */
            email?: string;
            /** @description Number encoded as `tel:` when `type=phone`. */
            phone?: string;
            /** @description Network name when `type=wifi`. */
            wifiSSID?: string;
            /** @description Network password; leave out for an open network. */
            wifiPassword?: string;
            wifiEncryption?: components["schemas"]["WifiEncryption"];
            /**
             * @description Whether the network is hidden.
             * @default false
             */
            wifiHidden?: boolean;
            /**
             * @description Image width and height in pixels.
             * @default 256
             */
            size?: number;
            /**
             * @description Quiet zone in modules.
             * @default 4
             */
            margin?: number;
            errorCorrectionLevel?: components["schemas"]["ErrorCorrectionLevel"];
            format?: components["schemas"]["QrFormat"];
        };
        QrCodeData: {
            /** @description The exact payload encoded (e.g. `mailto:…`, `WIFI:…`). */
            value: string;
            type: components["schemas"]["QrType"];
            /** @description Image width and height in pixels. */
            size: number;
            /** @description Quiet zone in modules. */
            margin: number;
            errorCorrectionLevel: components["schemas"]["ErrorCorrectionLevel"];
            /** @description The PNG image as a `data:image/png;base64,` URL. */
            dataUrl: string;
            /**
             * @description Image format of `dataUrl`.
             * @constant
             */
            format: "png";
        };
        QrCodeResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            data: components["schemas"]["QrCodeData"];
        };
        /**
         * @description What the email validator does.
         * @default validate
         * @enum {string}
         */
        EmailAction: "validate" | "extract" | "verify";
        /** @description Email validator parameters as a JSON body. */
        EmailValidatorRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            action?: components["schemas"]["EmailAction"];
            /** @description The address to validate or verify (required for those actions). */
            email?: string;
            /** @description Text to extract addresses from (required for `extract`). */
            text?: string;
        };
        Issue: {
            /**
             * @description Stable lower_snake_case code. Errors: `empty`, `missing_at`, `multiple_at`, `contains_whitespace`,
             *     `local_part_empty`, `local_part_invalid_character`, `local_part_leading_dot`, `local_part_trailing_dot`,
             *     `local_part_consecutive_dots`, `local_part_too_long` (over 64 octets), `quoted_local_part_unsupported`,
             *     `comments_unsupported`, `domain_empty`, `domain_literal_unsupported`, `domain_invalid_character`,
             *     `domain_empty_label`, `domain_single_label`, `domain_label_hyphen`, `domain_invalid_idn`,
             *     `domain_label_too_long` (over 63), `tld_numeric`, `address_too_long` (over 254). Warnings:
             *     `surrounding_whitespace`, `smtputf8_local_part`, `role_account`, `disposable_domain`, `free_provider`,
             *     `possible_typo`.
             */
            code: string;
            /** @description A sentence for humans. */
            message: string;
        };
        ValidateData: {
            /** @description True when there are no errors; warnings never make an address invalid. */
            isValid: boolean;
            /** @description Rules the address breaks. */
            errors: components["schemas"]["Issue"][];
            /** @description Things worth knowing (disposable domain, role account, possible typo, surrounding whitespace, SMTPUTF8 local part). */
            warnings: components["schemas"]["Issue"][];
            /** @description The address's parts as parsed (null where a part is missing). */
            details: {
                /** @description The part before the @, or null when there is none. */
                localPart: string | null;
                /** @description The domain, lowercased, or null when there is none. */
                domain: string | null;
                /** @description The domain's labels. */
                domainParts: string[];
                /** @description The last label. */
                tld: string | null;
                /** @description Characters in the trimmed input. */
                length: number;
            };
        };
        ExtractData: {
            /** @description Valid addresses found, unique, in order of first appearance. */
            emails: string[];
            /** @description Number of addresses in `emails`. */
            count: number;
        };
        MxRecord: {
            /** @description Mail server host name. */
            exchange: string;
            /** @description Lower is preferred. */
            priority: number;
        };
        VerifyData: {
            /** @description The address as checked (trimmed). */
            email: string;
            /**
             * @description `risky`: valid but disposable or a role account; `unknown`: DNS or SMTP did not answer in time.
             * @enum {string}
             */
            result: "deliverable" | "undeliverable" | "risky" | "unknown";
            /**
             * @description Why: `invalid_syntax` (undeliverable, no DNS asked); `mailbox_exists` / `mailbox_not_found` (this
             *     platform's own domains, answered from its store); `domain_not_found` (NXDOMAIN), `no_mx_records` (no MX
             *     and no A/AAAA), `null_mx` (RFC 7505) — undeliverable; `dns_timeout`, `dns_error`, `lookup_timeout` —
             *     unknown; `rejected_email` (the MX refused RCPT) — undeliverable; `disposable_domain`, `role_account` —
             *     risky; `smtp_unreachable`, `smtp_inconclusive` (probe on, no clear answer) — unknown; `accepted_email`
             *     — deliverable (the domain accepts mail; with the probe on, the MX also accepted the recipient).
             */
            reason: string;
            /** @description The individual checks behind `result`. */
            checks: {
                /** @description The address is syntactically valid. */
                syntax: boolean;
                /** @description The domain accepts mail (MX or A/AAAA); null when DNS gave no answer. */
                mx: boolean | null;
                /** @description The domain is a known disposable-mail provider. */
                disposable: boolean;
                /** @description The local part is a role (admin, info, support, …). */
                role: boolean;
                /** @description The domain is a free mail provider. */
                free: boolean;
                /** @description The MX accepted the recipient; null when not probed or no answer. */
                smtp: boolean | null;
            };
            /** @description MX records by priority. */
            mxRecords: components["schemas"]["MxRecord"][];
            /** @description A corrected address for a likely typo of a common provider. */
            didYouMean: string | null;
        };
        EmailValidatorResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description `ValidateData`, `ExtractData` or `VerifyData`, following `action`. */
            data: components["schemas"]["ValidateData"] | components["schemas"]["ExtractData"] | components["schemas"]["VerifyData"];
        };
        /** @description A calendar date `YYYY-MM-DD` (years 1000–9999); impossible dates such as 2023-02-30 are refused. */
        CalendarDate: string;
        AgeRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            birthDate: components["schemas"]["CalendarDate"];
            referenceDate?: components["schemas"]["CalendarDate"];
        };
        AgeData: {
            /** @description The birth date as given. */
            birthDate: string;
            /** @description The date the age is computed at (today in UTC by default). */
            referenceDate: string;
            /** @description Whole years (totalMonths ÷ 12, rounded down). */
            years: number;
            /** @description Whole months after the whole years (0–11). */
            months: number;
            /** @description Days from birthDate + totalMonths months (clamped once) to referenceDate. */
            days: number;
            /** @description Days between the two dates. */
            totalDays: number;
            /** @description Whole weeks (totalDays ÷ 7, rounded down). */
            totalWeeks: number;
            /** @description Whole months between the two dates, as relativedelta counts them. */
            totalMonths: number;
            /** @description The next birthday on or after referenceDate; null when it would fall after 9999-12-31. */
            nextBirthday: {
                /** @description Days until the next birthday (0 on the birthday). */
                days: number;
                /** @description Date of the next birthday, YYYY-MM-DD (28 February in common years for 29 February births). */
                date: string;
            } | null;
            /**
             * @description Western tropical zodiac sign of the birth date.
             * @enum {string}
             */
            zodiacSign: "Aries" | "Taurus" | "Gemini" | "Cancer" | "Leo" | "Virgo" | "Libra" | "Scorpio" | "Sagittarius" | "Capricorn" | "Aquarius" | "Pisces";
            /**
             * @description Weekday of the birth date.
             * @enum {string}
             */
            dayOfWeek: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
        };
        AgeResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            data: components["schemas"]["AgeData"];
        };
        /** @description All fields are optional; an empty body (or none) creates a random address on the default domain. */
        CreateAddressRequest: {
            /** @description A domain the platform serves or one of your verified custom domains; the first of `MAIL_DOMAINS` when left out. */
            domain?: string;
            /** @description The local part (a dot-atom, stored lowercased); random and readable when left out. */
            prefix?: string;
            /** @description Lifetime in seconds (default `ADDRESS_TTL`, capped at `MAX_ADDRESS_LIFETIME`). */
            expires_in?: number;
        };
        CreatedAddress: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The full address. */
            email: string;
            /** @description Its domain. */
            domain: string;
            /** @description Its local part. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it stops receiving mail (ISO 8601 UTC, ending in Z).
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
        };
        Address: {
            /** @description The full address. */
            email: string;
            /** @description Its domain. */
            domain: string;
            /** @description Its local part. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it stops (or stopped) receiving mail.
             */
            expires_at: string;
            /** @description True once `expires_at` has passed; the sweeper purges it `RETENTION_SECONDS` later. */
            expired: boolean;
            /** @description Messages it holds. */
            message_count: number;
        };
        AddressResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Address"];
        AddressList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            addresses: components["schemas"]["Address"][];
            /** @description Total addresses of the account. */
            count: number;
        };
        /** @description Optional body; without it the address is extended by `ADDRESS_TTL`. */
        ExtendAddressRequest: {
            /** @description Seconds from now (capped at created_at + `MAX_ADDRESS_LIFETIME`). */
            expires_in?: number;
        };
        Extended: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /**
             * Format: date-time
             * @description The expiry now in force (ISO 8601 UTC, ending in Z).
             */
            new_expiry: string;
        };
        Deleted: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description What was deleted. */
            message: string;
        };
        Mailbox: {
            /** @description The email address (empty when the header had none). */
            address: string;
            /** @description The display name, decoded (empty when none). */
            name: string;
        };
        AttachmentInfo: {
            /** @description Attachment id for the download operation. */
            id: string;
            /** @description The file name the sender gave, decoded; null when none. */
            filename: string | null;
            /** @description The declared MIME type. */
            content_type: string;
            /** @description Size in bytes (decoded). */
            size: number;
        };
        /**
         * @description Where in the SMTP transaction the rule answers: `mail` (refuses the whole transaction, answered at the RCPT TO naming the address), `rcpt` (that recipient only) or `data` (after the message was received).
         * @enum {string}
         */
        FaultStage: "mail" | "rcpt" | "data";
        /** @description Fire for the next N matching transactions, then stop (counted across instances). Leave out both `times` and `probability` to fire always; with both, each chance is drawn and the rule fires at most N times. */
        FaultTimes: number;
        /** @description Fire with this probability each time (0–1), as an alternative to `times` (or together with it, as a cap). */
        FaultProbability: number;
        /** @description Answer an SMTP error code at a stage. */
        FaultReject: {
            /**
             * @description The rule's kind. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            action: "reject";
            stage: components["schemas"]["FaultStage"];
            /** @description The reply code: a 4xx (temporary; senders retry) or 5xx (permanent). 421 also closes the connection. */
            code: number;
            /** @description Reply text (printable ASCII). Default: an enhanced status code and "Fault injected by Ephemail", e.g. `4.7.0 …` for a 4xx, `5.7.0 …` for a 5xx. */
            message?: string;
            times?: components["schemas"]["FaultTimes"];
            probability?: components["schemas"]["FaultProbability"];
        };
        /** @description Refuse the first attempt of each (client IP, MAIL FROM) pair with `451 4.7.1`; accept retries made at least `retry_after` seconds after it. */
        FaultGreylist: {
            /**
             * @description The rule's kind. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            action: "greylist";
            /** @description Seconds a sender must wait before its retry is accepted. */
            retry_after: number;
        };
        /** @description Hold the answer at a stage for `ms` milliseconds, then go on normally. */
        FaultDelay: {
            /**
             * @description The rule's kind. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            action: "delay";
            stage: components["schemas"]["FaultStage"];
            /** @description Milliseconds to hold the answer (at most 30 000). */
            ms: number;
            times?: components["schemas"]["FaultTimes"];
            probability?: components["schemas"]["FaultProbability"];
        };
        /** @description Close the connection without answering, mid-transaction; nothing is stored. */
        FaultDisconnect: {
            /**
             * @description The rule's kind. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            action: "disconnect";
            stage: components["schemas"]["FaultStage"];
            times?: components["schemas"]["FaultTimes"];
            probability?: components["schemas"]["FaultProbability"];
        };
        /** @description One fault rule, chosen by `action`: `reject`, `greylist`, `delay` or `disconnect`. Unknown fields are refused. */
        FaultRule: {
            /**
             * @description What the rule does.
             * @enum {string}
             */
            action: "reject" | "greylist" | "delay" | "disconnect";
        } & (components["schemas"]["FaultReject"] | components["schemas"]["FaultGreylist"] | components["schemas"]["FaultDelay"] | components["schemas"]["FaultDisconnect"]);
        /** @description A stored rule, as put, and its counters. */
        FaultRuleState: {
            /**
             * @description What the rule does.
             * @enum {string}
             */
            action: "reject" | "greylist" | "delay" | "disconnect";
            /** @description How many times the rule has fired since the profile was put (for a greylist: how many attempts it refused). */
            fired: number;
            /** @description Firings left for a rule with `times`; null for one without. */
            remaining: number | null;
        } & (components["schemas"]["FaultReject"] | components["schemas"]["FaultGreylist"] | components["schemas"]["FaultDelay"] | components["schemas"]["FaultDisconnect"]);
        FaultProfileRequest: {
            /** @description The rules, in the order they are checked (at most 20; empty clears the profile). */
            rules: components["schemas"]["FaultRule"][];
        };
        FaultProfile: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The address the profile belongs to. */
            address: string;
            /** @description The rules in the order they are checked. */
            rules: components["schemas"]["FaultRuleState"][];
            /**
             * Format: date-time
             * @description When the profile was last put (null when the address has none).
             */
            updated_at: string | null;
        };
        /**
         * @description An RFC 8601 result: `pass`, `fail`, `softfail` and `neutral` (SPF only), `none` (nothing to check: no SPF record, no DKIM signature, no DMARC policy), `policy` (DKIM: a signature the policy does not accept), `temperror` (DNS did not answer in time, or the check ran past `MAIL_AUTH_TIMEOUT_MS`), `permerror` (a broken record).
         * @enum {string}
         */
        AuthResult: "pass" | "fail" | "softfail" | "neutral" | "none" | "policy" | "temperror" | "permerror";
        /**
         * @description SPF, DKIM and DMARC verdicts, evaluated once when the message arrived (with mailauth, through
         *     `DNS_SERVERS`, within `MAIL_AUTH_TIMEOUT_MS`: checks still running then are `temperror`, so the 250 is never
         *     held longer). SPF checks the connecting IP against the MAIL FROM domain (the HELO name for an empty sender);
         *     DKIM reports the first passing signature, else the first one; DMARC checks the From domain's policy against
         *     aligned SPF and DKIM passes. `header` is the Authentication-Results header (RFC 8601) these verdicts make,
         *     with `SMTP_HOSTNAME` as the authserv-id — built from the fields above and nothing else, so it can be
         *     reproduced from them. The checks' DNS answers are cached for their own TTL (at most 5 minutes; "no such
         *     name" for its SOA's, RFC 2308): a changed SPF, DKIM or DMARC record counts for mail arriving once the old
         *     record's TTL has run out.
         */
        Authentication: {
            /** @description Whether the connecting IP may send for the MAIL FROM domain. */
            spf: {
                result: components["schemas"]["AuthResult"];
                /** @description The domain checked: the MAIL FROM's (smtp.mailfrom), or the HELO name's for an empty sender. */
                domain: string | null;
            };
            /** @description Whether a DKIM signature verifies with the key its domain publishes. */
            dkim: {
                result: components["schemas"]["AuthResult"];
                /** @description The signing domain (header.d); null without a signature. */
                domain: string | null;
                /** @description The selector (header.s); null without a signature. */
                selector: string | null;
            };
            /** @description Whether SPF or DKIM passed for a domain aligned with the From header's, under its DMARC policy. */
            dmarc: {
                result: components["schemas"]["AuthResult"];
                /** @description The From header's domain (header.from). */
                domain: string | null;
                /**
                 * @description The policy the domain publishes (`p=`), null when none was found.
                 * @enum {string|null}
                 */
                policy: "none" | "quarantine" | "reject" | null;
            };
            /** @description The Authentication-Results header, e.g. `Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com`. */
            header: string;
        };
        /** @description One JSON-RPC 2.0 message (`{"jsonrpc": "2.0", ...}`: a request, notification or response) or a batch of them, as the Model Context Protocol defines them. */
        JsonRpcPayload: components["schemas"]["JsonRpcMessage"] | components["schemas"]["JsonRpcMessage"][];
        /**
         * @description A JSON-RPC 2.0 message; MCP defines the methods and their params and results.
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": 1,
         *       "method": "tools/list"
         *     }
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": 2,
         *       "method": "ping"
         *     }
         */
        JsonRpcMessage: {
            /**
             * @description Always "2.0".
             * @constant
             */
            jsonrpc: "2.0";
            /** @description The request id (absent in a notification). */
            id?: string | number | null;
            /** @description The method, e.g. `initialize`, `tools/list`, `tools/call`. */
            method?: string;
            /** @description The method's parameters. */
            params?: Record<string, never>;
            /** @description A successful response's result. */
            result?: Record<string, never>;
            /** @description A failed response's error. */
            error?: {
                /** @description The JSON-RPC error code (e.g. -32700 parse error, -32601 method not found). */
                code: number;
                /** @description What went wrong. */
                message: string;
                /** @description Details, if any. */
                data?: unknown;
            };
        };
        /** @description A message without its bodies, as listed. */
        MessageSummary: {
            /** @description Message id. */
            id: string;
            from: components["schemas"]["Mailbox"];
            /** @description The To header's mailboxes. */
            to: components["schemas"]["Mailbox"][];
            /** @description The Cc header's mailboxes. */
            cc: components["schemas"]["Mailbox"][];
            /** @description Decoded subject (empty when none). */
            subject: string;
            /** @description Bytes of the raw message as received. */
            size: number;
            /**
             * Format: date-time
             * @description When the SMTP server committed it (ISO 8601 UTC).
             */
            received_at: string;
            /** @description Whether it was marked read with updateMessage (messages arrive unread; reading does not mark them). */
            read: boolean;
            /** @description Attachments, in message order. */
            attachments: components["schemas"]["AttachmentInfo"][];
            codes: components["schemas"]["MessageCodes"];
            links: components["schemas"]["MessageLinks"];
            /** @description SPF, DKIM and DMARC verdicts from when the message arrived; null when `MAIL_AUTH` is off (or for mail stored before the check existed). */
            authentication: components["schemas"]["Authentication"] | null;
            /** @description Present only when the parser gave up on the message (more than 1,000 MIME parts, a header block over 1 MB, or MIME it cannot read), or when processing it failed five times for reasons of its own (an outage or a full disk on the server never counts): why, in a sentence. What could be read is shown — the top-level headers (subject, from, to, cc) at least —, bodies and attachments may be missing; the raw source (getMessageRaw) is always complete. */
            parse_error?: string;
            /** @description Present only on a sandbox's messages: the sandbox (`sbx_…`) that captured it. */
            sandbox_id?: string;
            envelope?: components["schemas"]["MessageEnvelope"];
            via?: components["schemas"]["MessageVia"];
        };
        /**
         * @description One-time codes found in the subject and bodies when the message arrived: 4–8 digits, or letter-and-digit
         *     groups such as `ABC-123` or `K7Q2-9XZP`. Codes written near a word such as code, OTP, PIN, verification,
         *     enter or confirm (also in German, Spanish, French, Italian, Polish, Russian, Chinese, Japanese, Korean) come
         *     first, then the others in order of appearance. Dates, times, years (unless announced as a code), prices,
         *     phone numbers, URLs and e-mail addresses are not codes.
         */
        MessageCodes: string[];
        /** @description Every link, once, in order of appearance: the HTML's `<a href>` with their anchor text, then URLs written in the text body. `mailto:`, `cid:` and other non-web schemes are left out. */
        MessageLinks: components["schemas"]["MessageLink"][];
        MessageLink: {
            /** @description The link target as written (tracking redirects included). */
            url: string;
            /** @description The anchor text, whitespace collapsed; empty for a bare URL. */
            text: string;
        };
        /** @description A full message. */
        Message: {
            /** @description Message id. */
            id: string;
            from: components["schemas"]["Mailbox"];
            /** @description The To header's mailboxes. */
            to: components["schemas"]["Mailbox"][];
            /** @description The Cc header's mailboxes. */
            cc: components["schemas"]["Mailbox"][];
            /** @description Decoded subject (empty when none). */
            subject: string;
            /** @description The plain-text body (null when the message has none). */
            text: string | null;
            /** @description The HTML body as received (null when none). Untrusted content — render it sandboxed. */
            html: string | null;
            /** @description Bytes of the raw message as received. */
            size: number;
            /**
             * Format: date-time
             * @description When the SMTP server committed it (ISO 8601 UTC).
             */
            received_at: string;
            /** @description Whether it was marked read with updateMessage (messages arrive unread; reading does not mark them). */
            read: boolean;
            /** @description Attachments, in message order. */
            attachments: components["schemas"]["AttachmentInfo"][];
            codes: components["schemas"]["MessageCodes"];
            links: components["schemas"]["MessageLinks"];
            /** @description SPF, DKIM and DMARC verdicts from when the message arrived; null when `MAIL_AUTH` is off (or for mail stored before the check existed). */
            authentication: components["schemas"]["Authentication"] | null;
            /** @description Present only when the parser gave up on the message (more than 1,000 MIME parts, a header block over 1 MB, or MIME it cannot read), or when processing it failed five times for reasons of its own (an outage or a full disk on the server never counts): why, in a sentence. What could be read is shown — the top-level headers (subject, from, to, cc) at least —, bodies and attachments may be missing; the raw source (getMessageRaw) is always complete. */
            parse_error?: string;
            /** @description Present only on a sandbox's messages: the sandbox (`sbx_…`) that captured it. */
            sandbox_id?: string;
            envelope?: components["schemas"]["MessageEnvelope"];
            via?: components["schemas"]["MessageVia"];
        };
        /** @description Present only on a sandbox's messages: the SMTP envelope as the application gave it (for the provider APIs, the sender and every to, cc and bcc recipient of the request). Bcc recipients are here and in no header. */
        MessageEnvelope: {
            /** @description MAIL FROM (empty for a null reverse-path). */
            mail_from: string;
            /** @description Every recipient, in the order given. */
            rcpt_to: string[];
        };
        /**
         * @description Present only on a sandbox's messages: how the application sent it — authenticated SMTP (or SMTP_CAPTURE_ALL) or one of the provider APIs.
         * @enum {string}
         */
        MessageVia: "smtp" | "sendgrid" | "postmark" | "resend" | "mailgun" | "ses";
        /** @description Where and how an application sends mail into the sandbox over SMTP (AUTH PLAIN or LOGIN). */
        SandboxSmtp: {
            /** @description The SMTP host name (`SMTP_HOSTNAME`). */
            host: string;
            /** @description The SMTP port (`SMTP_PORT`): STARTTLS when the server has a certificate (`SMTP_TLS_CERT`). */
            port: number;
            /** @description The implicit-TLS port (`SMTPS_PORT`); null when it is not open. */
            tls_port: number | null;
            /** @description The SMTP user name (the sandbox id). */
            username: string;
        };
        /** @description The SMTP settings with the password, as created or rotated. */
        SandboxSmtpWithPassword: {
            /** @description The SMTP host name (`SMTP_HOSTNAME`). */
            host: string;
            /** @description The SMTP port (`SMTP_PORT`): STARTTLS when the server has a certificate (`SMTP_TLS_CERT`). */
            port: number;
            /** @description The implicit-TLS port (`SMTPS_PORT`); null when it is not open. */
            tls_port: number | null;
            /** @description The SMTP user name (the sandbox id). */
            username: string;
            /** @description The SMTP password (`eph_smtp_…`), shown only at creation and rotation. */
            password: string;
        };
        /** @description A sandbox, without its secrets. */
        Sandbox: {
            /** @description Sandbox id (`sbx_…`); also the SMTP user name and the SES access key id. */
            id: string;
            /** @description Its name. */
            name: string;
            /**
             * Format: date-time
             * @description When it was created.
             */
            created_at: string;
            /** @description The name its mail also answers under in the address message operations and the dashboard (`<id>@sandbox.invalid`); it receives no mail from outside. */
            mailbox: string;
            /** @description How many messages it holds. */
            message_count: number;
            smtp: components["schemas"]["SandboxSmtp"];
        };
        /** @description A sandbox with its credentials, as created or rotated. */
        SandboxWithSecrets: {
            /** @description Sandbox id (`sbx_…`); also the SMTP user name and the SES access key id. */
            id: string;
            /** @description Its name. */
            name: string;
            /**
             * Format: date-time
             * @description When it was created.
             */
            created_at: string;
            /** @description The name its mail also answers under (`<id>@sandbox.invalid`). */
            mailbox: string;
            /** @description How many messages it holds. */
            message_count: number;
            smtp: components["schemas"]["SandboxSmtpWithPassword"];
            /** @description The provider APIs' credential (`eph_sbx_…`), shown only at creation and rotation: SendGrid and Resend Bearer token, Postmark server token, Mailgun Basic password (user `api`), SES secret access key. */
            api_key: string;
        };
        CreateSandboxRequest: {
            /** @description What to call it ("sandbox" by default). */
            name?: string;
        };
        CreatedSandbox: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            sandbox: components["schemas"]["SandboxWithSecrets"];
        };
        SandboxResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            sandbox: components["schemas"]["Sandbox"];
        };
        SandboxList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description Newest first. */
            sandboxes: components["schemas"]["Sandbox"][];
        };
        MessagesDeleted: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description How many messages were deleted. */
            deleted: number;
        };
        MessageList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            messages: components["schemas"]["MessageSummary"][];
            /** @description Total messages of the address. */
            count: number;
        };
        MessageResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Message"];
        /** @description A DNS record to publish at your domain's DNS provider. */
        DnsRecord: {
            /**
             * @description The record type.
             * @enum {string}
             */
            type: "TXT" | "MX";
            /** @description The fully qualified name to publish it at (shown without a trailing dot). */
            name: string;
            /** @description TXT: the exact text of the record. MX: the mail server's host name (`SMTP_HOSTNAME`). */
            value: string;
            /** @description The MX preference; only on MX records. */
            priority?: number;
        };
        /** @description A custom domain of your account. */
        Domain: {
            /** @description The domain, lowercased, in ASCII (punycode) form. */
            domain: string;
            /** @description True once verifyDomain found the TXT record: addresses can then be created on it and SMTP accepts its mail. */
            verified: boolean;
            /**
             * Format: date-time
             * @description When it was verified (ISO 8601 UTC); null until then.
             */
            verified_at: string | null;
            /** @description Local part of the address that receives mail for addresses on the domain that are not live; null when off (see updateDomain). */
            catch_all: string | null;
            /**
             * Format: date-time
             * @description When it was added (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When verifyDomain last looked its records up; null before the first check.
             */
            last_checked_at: string | null;
            /** @description Why the last check did not find the TXT record; null when it did or before the first check. */
            last_error: string | null;
            /** @description The records to publish: the TXT record (required for verification) and the MX record (for mail to arrive). */
            records: components["schemas"]["DnsRecord"][];
        };
        DomainResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Domain"];
        DomainList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            domains: components["schemas"]["Domain"][];
            /** @description Total domains of the account. */
            count: number;
        };
        AddDomainRequest: {
            /** @description The domain to add, e.g. `qa.example.com` (a subdomain you delegate to Ephemail keeps your main mail untouched). */
            domain: string;
        };
        UpdateDomainRequest: {
            /** @description The catch-all's local part (a dot-atom, stored lowercased), or null to turn the catch-all off. */
            catch_all: string | null;
        };
        /** @description What verifyDomain found for one record. */
        DomainCheck: {
            /**
             * @description The record type.
             * @enum {string}
             */
            type: "TXT" | "MX";
            /** @description The name that was looked up. */
            name: string;
            /** @description The value that passes: the TXT text, or the MX host name. */
            expected: string;
            /** @description Every value found: TXT strings (split records joined) or MX host names (without trailing dot), as published. */
            found: string[];
            /**
             * @description `ok`: the expected value is there. `missing`: no such record (or the name does not exist). `mismatch`: records exist but none has the expected value. `error`: the look-up failed or timed out.
             * @enum {string}
             */
            status: "ok" | "missing" | "mismatch" | "error";
            /** @description Whether this record decides verification (TXT) or is advisory (MX). */
            required: boolean;
            /** @description A sentence for humans saying what was found. */
            message: string;
        };
        DomainVerification: {
            /**
             * @description Always true (a failed verification is not an error).
             * @constant
             */
            success: true;
            /** @description Whether the domain is verified after this check. */
            verified: boolean;
            /** @description A sentence for humans saying whether it is verified and otherwise why not. */
            message: string;
            /** @description One entry per record: TXT, then MX. */
            checks: components["schemas"]["DomainCheck"][];
            domain: components["schemas"]["Domain"];
        };
        MessageWait: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description Messages received after `since`, newest first, at most 100; empty when the wait timed out. */
            messages: components["schemas"]["MessageSummary"][];
            /** @description How many messages were received after `since` (may exceed the 100 listed). */
            count: number;
            /** @description True when no message arrived before the timeout (or the address expired); `messages` is then empty. */
            timed_out: boolean;
        };
        UpdateMessageRequest: {
            /** @description true marks the message read, false unread. */
            read: boolean;
        };
        /**
         * @description An event a webhook can subscribe to.
         * @enum {string}
         */
        WebhookEventType: "message.received" | "address.created" | "address.expired" | "address.deleted";
        /**
         * @description `pending`: queued or being retried; `succeeded`: a receiver answered 2xx; `failed`: every attempt on the retry schedule failed.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed";
        Webhook: {
            /** @description Webhook id (`wh_…`). */
            id: string;
            /** @description Where deliveries are POSTed. */
            url: string;
            /** @description The events it receives. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Only events of this address of yours; null for every address of the account. */
            address: string | null;
            /** @description Your note about it. */
            description: string | null;
            /** @description False while disabled; a disabled webhook gets no new events and its pending deliveries wait. */
            enabled: boolean;
            /**
             * @description `manual`: disabled with an update; `failing`: disabled automatically after every attempt failed for 24 hours; null while enabled.
             * @enum {string|null}
             */
            disabled_reason: "manual" | "failing" | null;
            /**
             * Format: date-time
             * @description When it was disabled (ISO 8601 UTC); null while enabled.
             */
            disabled_at: string | null;
            /**
             * Format: date-time
             * @description The first failed attempt since the last successful one; null when the last attempt succeeded (or none was made). 24 hours after it, the next failure disables the webhook.
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When its settings or state last changed (ISO 8601 UTC).
             */
            updated_at: string;
        };
        WebhookResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Webhook"];
        CreatedWebhook: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The signing secret: `whsec_` and 32 random bytes in base64. Shown this once; the server keeps it (signing needs it) but never shows it again. */
            secret: string;
        } & components["schemas"]["Webhook"];
        WebhookList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            webhooks: components["schemas"]["Webhook"][];
            /** @description Total webhooks of the account. */
            count: number;
        };
        CreateWebhookRequest: {
            /** @description An `http` or `https` URL on a public address, without credentials. */
            url: string;
            /** @description The events to receive. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Only events of this address of yours (it must exist now); every address of the account when left out. */
            address?: string;
            /** @description A note for you. */
            description?: string;
        };
        /** @description Only the fields sent change; at least one is needed. */
        UpdateWebhookRequest: {
            /** @description A new target, checked like on create. */
            url?: string;
            /** @description The new event list (replaces the old one). */
            events?: components["schemas"]["WebhookEventType"][];
            /** @description A new address filter, or null for every address. */
            address?: string | null;
            /** @description A new note, or null to clear it. */
            description?: string | null;
            /** @description false disables the webhook; true enables it again and sends its waiting deliveries at once. */
            enabled?: boolean;
        };
        /** @description Optional body. */
        RotateWebhookSecretRequest: {
            /**
             * @description Seconds the previous secret keeps signing alongside the new one (0: it stops at once).
             * @default 86400
             */
            previous_secret_expires_in?: number;
        };
        RotatedWebhookSecret: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The new signing secret, shown this once. */
            secret: string;
            /**
             * Format: date-time
             * @description Until when the previous secret also signs (ISO 8601 UTC); null when it stopped at once.
             */
            previous_secret_expires_at: string | null;
        };
        WebhookAttempt: {
            /** @description Attempt number within the delivery, counting redeliveries (1, 2, …). */
            attempt: number;
            /**
             * Format: date-time
             * @description When it started (ISO 8601 UTC).
             */
            attempted_at: string;
            /** @description The receiver's HTTP status; null when no answer came (refused target, DNS, connection error, timeout). */
            status_code: number | null;
            /** @description Milliseconds from start to the end of the answer (or the failure). */
            duration_ms: number;
            /** @description Why it failed (`HTTP 500`, `Redirect to … not followed`, `No answer within 10000 ms`, a refused target, a connection error); null when it succeeded. */
            error: string | null;
            /** @description The first 1024 characters of the answer's body, as UTF-8; null without an answer. */
            response_excerpt: string | null;
        };
        WebhookDelivery: {
            /** @description Delivery id (`whd_…`), sent as the `webhook-id` header. */
            id: string;
            /** @description The webhook it belongs to. */
            webhook_id: string;
            /**
             * @description The event type (the payload's `type`).
             * @enum {string}
             */
            event: "message.received" | "address.created" | "address.expired" | "address.deleted" | "webhook.test";
            status: components["schemas"]["WebhookDeliveryStatus"];
            /**
             * Format: date-time
             * @description When it was queued (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the next attempt is due (ISO 8601 UTC); null once finished.
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When it succeeded or finally failed; null while pending.
             */
            finished_at: string | null;
            /** @description The exact JSON body sent (frozen when the event happened); its schema per event is in the `webhooks` section. */
            payload: {
                /** @description The event type. */
                type: string;
                /**
                 * Format: date-time
                 * @description When the event happened.
                 */
                timestamp: string;
                /** @description The event's data. */
                data: {
                    [key: string]: unknown;
                };
            };
            /** @description Every attempt so far, oldest first. */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        WebhookDeliveryResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["WebhookDelivery"];
        WebhookDeliveryList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description Total deliveries matching `status`. */
            count: number;
        };
        /** @description Where to read the message with a Developer key; absolute URLs when the operator sets `PUBLIC_URL`, otherwise paths on the API's base URL. */
        WebhookMessageLinks: {
            /** @description The message (getMessage). */
            message: string;
            /** @description Its raw RFC 5322 source (getMessageRaw). */
            raw: string;
        };
        /** @description Where to read the address with a Developer key; absolute URLs when the operator sets `PUBLIC_URL`, otherwise paths on the API's base URL. */
        WebhookAddressLinks: {
            /** @description The address (getAddress). */
            address: string;
            /** @description Its messages (listMessages). */
            messages: string;
        };
        /** @description Sent once per stored copy — a message to three of your addresses makes three events. */
        WebhookMessageReceivedEvent: {
            /**
             * @description The event type.
             * @constant
             */
            type: "message.received";
            /**
             * Format: date-time
             * @description When the message was stored (its `received_at`).
             */
            timestamp: string;
            /** @description The receiving address (or sandbox), the message without its bodies, and where to read the rest. */
            data: {
                /** @description The address that received it; null for a message a sandbox captured (see `sandbox_id`). */
                address: string | null;
                /** @description Present only for a message a sandbox captured: its id (`sbx_…`). `links` then point at the sandbox's message operations. */
                sandbox_id?: string;
                message: components["schemas"]["MessageSummary"];
                links: components["schemas"]["WebhookMessageLinks"];
            };
        };
        /** @description An address of the account was created. */
        WebhookAddressCreatedEvent: {
            /**
             * @description The event type.
             * @constant
             */
            type: "address.created";
            /**
             * Format: date-time
             * @description When it was created.
             */
            timestamp: string;
            /** @description The new address. */
            data: {
                /** @description The address. */
                address: string;
                /**
                 * Format: date-time
                 * @description When it stops receiving mail (at the time of the event).
                 */
                expires_at: string;
                links: components["schemas"]["WebhookAddressLinks"];
            };
        };
        /** @description An address reached its expiry (announced by the sweeper within `SWEEP_INTERVAL_SECONDS`). Its mail stays readable for `RETENTION_SECONDS`. */
        WebhookAddressExpiredEvent: {
            /**
             * @description The event type.
             * @constant
             */
            type: "address.expired";
            /**
             * Format: date-time
             * @description When it expired (its `expires_at`).
             */
            timestamp: string;
            /** @description The expired address. */
            data: {
                /** @description The address. */
                address: string;
                /**
                 * Format: date-time
                 * @description Its expiry.
                 */
                expires_at: string;
                links: components["schemas"]["WebhookAddressLinks"];
            };
        };
        /** @description An address of the account was deleted, with all its mail. */
        WebhookAddressDeletedEvent: {
            /**
             * @description The event type.
             * @constant
             */
            type: "address.deleted";
            /**
             * Format: date-time
             * @description When it was deleted.
             */
            timestamp: string;
            /** @description The deleted address. */
            data: {
                /** @description The address. */
                address: string;
            };
        };
        /** @description Sent by the test operation, to one webhook. */
        WebhookTestEvent: {
            /**
             * @description The event type.
             * @constant
             */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description When the test was requested.
             */
            timestamp: string;
            /** @description Which webhook is being tested. */
            data: {
                /** @description The webhook's id. */
                webhook_id: string;
                /** @description A fixed sentence. */
                message: string;
            };
        };
        SignUpRequest: {
            /** @description An invitation token: the new person joins that workspace (with the invited role) instead of getting a workspace of their own. */
            invitation?: string;
            /** @description Your email address; it is the log-in name (stored lowercased) and is not verified. */
            email: string;
            /** @description At least 10 and at most 256 characters (Unicode code points); not the email address. */
            password: string;
        };
        LogInRequest: {
            /** @description The account's email address (case-insensitive). */
            email: string;
            /** @description The account's password. */
            password: string;
        };
        /**
         * @description `free`: Tools keys. `developer`: Tools and Developer keys, addresses and mail.
         * @enum {string}
         */
        Plan: "free" | "developer";
        DashboardAccount: {
            /** @description Account id (`acc_…`). */
            id: string;
            /** @description The log-in email, lowercased. */
            email: string;
            plan: components["schemas"]["Plan"];
            /**
             * Format: date-time
             * @description When the account was created (ISO 8601 UTC).
             */
            created_at: string;
        };
        /** @description What this instance allows, for the dashboard's forms. */
        DashboardSettings: {
            smtp: components["schemas"]["SmtpEndpoint"];
            /** @description Domains new addresses may use (`MAIL_DOMAINS`; the first is the default). */
            mail_domains: string[];
            /** @description Default address lifetime in seconds (`ADDRESS_TTL`). */
            address_ttl: number;
            /** @description Longest lifetime from creation in seconds (`MAX_ADDRESS_LIFETIME`). */
            max_address_lifetime: number;
            /** @description Requests per key per window. */
            rate_limits: {
                /** @description Tools API requests per window (`RATE_LIMIT_TOOLS`). */
                tools: number;
                /** @description Email `action=verify` requests per window (`RATE_LIMIT_VERIFY`). */
                verify: number;
                /** @description Developer API requests per window (`RATE_LIMIT_DEVELOPER`). */
                developer: number;
                /** @description Window length in seconds (`RATE_LIMIT_WINDOW_SECONDS`). */
                window_seconds: number;
            };
        };
        /** @description Where to send test mail to this instance. */
        SmtpEndpoint: {
            /** @description `SMTP_HOSTNAME` when it is set, else the host of `PUBLIC_URL`, else the host name this dashboard was reached at. */
            host: string;
            /** @description The SMTP port (`SMTP_PORT`). */
            port: number;
        };
        /** @description A message in the inbox across addresses. */
        InboxItem: {
            /** @description The address that received it. */
            address: string;
            /** @description The start of the body as one line of text (at most 160 characters; empty when there is no body). */
            preview: string;
            message: components["schemas"]["MessageSummary"];
        };
        MailboxCount: {
            /** @description An address of yours that holds mail. */
            address: string;
            /** @description Its messages. */
            total: number;
            /** @description Its unread messages. */
            unread: number;
        };
        DashboardInbox: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page, newest first. */
            messages: components["schemas"]["InboxItem"][];
            /** @description Messages that match the search and filters. */
            count: number;
            /** @description Unread messages of the account, whatever the filters. */
            unread: number;
            /** @description Every address of yours that holds mail, with its counts (whatever the filters), newest address first. */
            mailboxes: components["schemas"]["MailboxCount"][];
        };
        BulkMessagesRequest: {
            /**
             * @description What to do with every message.
             * @enum {string}
             */
            action: "read" | "unread" | "delete";
            /** @description Message ids (`msg_…`) of any of your addresses. */
            ids: string[];
        };
        BulkMessagesResult: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /**
             * @description The action applied.
             * @enum {string}
             */
            action: "read" | "unread" | "delete";
            /** @description Messages it was applied to. */
            affected: number;
            /** @description Ids that name no message of yours: nothing was done with them. */
            not_found: string[];
            /** @description What was done, in words. */
            message: string;
        };
        HeaderField: {
            /** @description The field name as written (`Received`, `DKIM-Signature`, …). */
            name: string;
            /** @description The value, unfolded, with RFC 2047 encoded words decoded. */
            value: string;
        };
        InlinePart: {
            /** @description The part's Content-ID without angle brackets: what `cid:` URLs in the HTML name. */
            content_id: string;
            /** @description The attachment (`att_…`) that holds the part's bytes. */
            attachment_id: string;
        };
        MessageStructure: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description Every header field of the message, in order. */
            headers: components["schemas"]["HeaderField"][];
            /** @description Attachments that carry a Content-ID, for `cid:` references. */
            inline: components["schemas"]["InlinePart"][];
        };
        DashboardSession: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            account: components["schemas"]["DashboardAccount"];
            /** @description Who is logged in (a person may belong to several workspaces). */
            person: {
                /** @description The person's id (`psn_…`). */
                id: string;
                /** @description Their log-in email. */
                email: string;
            };
            role: components["schemas"]["MemberRole"];
            /** @description Every workspace this person belongs to, the current one included; switch with `switchWorkspace`. */
            workspaces: components["schemas"]["Workspace"][];
            /** @description Send it as `x-csrf-token` on every state-changing dashboard call of this session. */
            csrf_token: string;
            /**
             * Format: date-time
             * @description When the session ends unless used again (ISO 8601 UTC).
             */
            expires_at: string;
            /** @description Whether `changePlan` works here (`SELF_SERVE_PLANS`). */
            self_serve_plans: boolean;
            /** @description When plans are not self-serve: what to ask the operator, naming the admin command; null otherwise. */
            plan_instructions: string | null;
            settings: components["schemas"]["DashboardSettings"];
        };
        /**
         * @description A person's role in a workspace (an account). `owner`: everything, the plan included; `admin`: members,
         *     invitations and keys too; `member`: addresses, mail, domains, webhooks, sandboxes, and keys without
         *     `keys:write`; `viewer`: reads mail only. Each dashboard operation names the least role it needs in
         *     `x-role`; below it the answer is 403 `insufficient_role`. A workspace always keeps one owner.
         * @enum {string}
         */
        MemberRole: "owner" | "admin" | "member" | "viewer";
        Workspace: {
            /** @description The workspace's account id. */
            account_id: string;
            /** @description The email the workspace was created with (its owner's at sign-up): its name in the switcher. */
            email: string;
            plan: components["schemas"]["Plan"];
            role: components["schemas"]["MemberRole"];
        };
        Member: {
            /** @description The person's id (`psn_…`), used to change their role or remove them. */
            id: string;
            /** @description Their log-in email. */
            email: string;
            role: components["schemas"]["MemberRole"];
            /**
             * Format: date-time
             * @description When they joined the workspace.
             */
            joined_at: string;
        };
        Invitation: {
            /** @description The invitation's id (`inv_…`). */
            id: string;
            /** @description Whom it was sent for (the link works for whoever holds it and logs in or signs up). */
            email: string;
            role: components["schemas"]["MemberRole"];
            /**
             * Format: date-time
             * @description When it was made.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the link stops working (7 days after it was made).
             */
            expires_at: string;
        };
        MemberList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The workspace's members, earliest first. */
            members: components["schemas"]["Member"][];
            /** @description Invitations not yet accepted and not expired. */
            invitations: components["schemas"]["Invitation"][];
        };
        CreateInvitationRequest: {
            /** @description Whom to invite. */
            email: string;
            role: components["schemas"]["MemberRole"];
        };
        CreatedInvitation: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            invitation: components["schemas"]["Invitation"];
            /** @description The single-use token, shown only here (only its SHA-256 digest is stored). */
            token: string;
            /** @description The dashboard link to hand to the invitee: `/invite#<token>` on this server. */
            url: string;
        };
        AcceptInvitationRequest: {
            /** @description The token from the invitation link. */
            token: string;
        };
        UpdateMemberRequest: {
            role: components["schemas"]["MemberRole"];
        };
        SwitchWorkspaceRequest: {
            /** @description One of the session's `workspaces`. */
            account_id: string;
        };
        ChangePlanRequest: {
            plan: components["schemas"]["Plan"];
        };
        Done: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description What was done. */
            message: string;
        };
        /**
         * @description `tools` keys (`eph_tools_…`, any plan) call `/api/tools/*`; `developer` keys (`eph_dev_…`, developer plan) call `/api/v1/*`.
         * @enum {string}
         */
        ApiKeyKind: "tools" | "developer";
        ApiKey: {
            /** @description Key id (`key_…`), used to revoke it. */
            id: string;
            /** @description The name given at creation. */
            name: string;
            kind: components["schemas"]["ApiKeyKind"];
            /** @description The key's first characters (kind marker + 8), enough to recognise it; the key itself is never shown again. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it last authenticated a request, to the minute; null when never.
             */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description When it was revoked; null while it works.
             */
            revoked_at: string | null;
            /** @description What a Developer key may do (every scope unless it was created with fewer); null for a Tools key. */
            scopes: components["schemas"]["KeyScope"][] | null;
            /**
             * Format: date-time
             * @description When the key stops working (401 `key_expired` from then on); null: never.
             */
            expires_at: string | null;
            /** @description What a restricted Developer key may see and touch; null when it is not restricted. */
            restrict: components["schemas"]["KeyRestriction"] | null;
        };
        /**
         * @description A Developer key's permission. Every Developer operation names the one it needs in its security requirement
         *     (`DeveloperKey: [messages:read]`); a key without it answers 403 `insufficient_scope`. Waits and event
         *     streams need the read scope of what they show.
         * @enum {string}
         */
        KeyScope: "addresses:read" | "addresses:write" | "messages:read" | "messages:write" | "domains:read" | "domains:write" | "webhooks:read" | "webhooks:write" | "sandboxes:read" | "sandboxes:write" | "faults:write" | "keys:write";
        /**
         * @description Limits a Developer key to some addresses: glob patterns on whole addresses (`*` any run of characters, `?`
         *     one character, case-insensitive), e.g. `ci-*@ephemail.local`. A restricted key lists, creates, reads and
         *     receives events for matching addresses only; any other address answers 404 as if it did not exist.
         *     Custom domains, webhooks and sandboxes belong to the whole account, so a restricted key cannot hold the
         *     `domains:*`, `webhooks:*`, `sandboxes:*` or `keys:write` scopes.
         */
        KeyRestriction: {
            /** @description Address patterns; an address matching any of them is allowed. */
            addresses: string[];
        };
        /** @description The scopes a new Developer key holds; every scope when left out (a key made by a key: the creator's). */
        KeyScopes: components["schemas"]["KeyScope"][];
        /**
         * Format: date-time
         * @description When a new key stops working; must be in the future. Give this or `expires_in`, not both.
         */
        KeyExpiresAt: string;
        /** @description Seconds from now until a new key stops working (60 s to 365 days). */
        KeyExpiresIn: number;
        ApiKeyList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The keys, oldest first, revoked ones included. */
            keys: components["schemas"]["ApiKey"][];
        };
        CreateApiKeyRequest: {
            kind: components["schemas"]["ApiKeyKind"];
            /** @description A name to tell keys apart (default "tools key" / "developer key"). */
            name?: string;
            scopes?: components["schemas"]["KeyScopes"];
            expires_at?: components["schemas"]["KeyExpiresAt"];
            expires_in?: components["schemas"]["KeyExpiresIn"];
            restrict?: components["schemas"]["KeyRestriction"];
        };
        /** @description A Developer key made by a Developer key (createKey); its rights are at most the caller's. */
        CreateKeyRequest: {
            /** @description A name to tell keys apart (default "developer key"). */
            name?: string;
            scopes?: components["schemas"]["KeyScopes"];
            expires_at?: components["schemas"]["KeyExpiresAt"];
            expires_in?: components["schemas"]["KeyExpiresIn"];
            restrict?: components["schemas"]["KeyRestriction"];
        };
        CreatedApiKey: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The key itself. Shown only in this answer; store it now. */
            key: string;
            api_key: components["schemas"]["ApiKey"];
        };
        RevokedApiKey: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            api_key: components["schemas"]["ApiKey"];
        };
        UsageKey: {
            /** @description Key id. */
            id: string;
            /** @description Key name. */
            name: string;
            kind: components["schemas"]["ApiKeyKind"];
            /** @description The key's non-secret prefix. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it was revoked; null while it works.
             */
            revoked_at: string | null;
        };
        UsageEndpoint: {
            /** @description The operation's `operationId` in this document. */
            operation_id: string;
            /** @description HTTP method. */
            method: string;
            /** @description The path as written in this document. */
            path: string;
        };
        UsageRow: {
            /** @description UTC day, `YYYY-MM-DD`. */
            day: string;
            /** @description The key that made the requests. */
            key_id: string;
            /** @description The operation called. */
            operation_id: string;
            /** @description Requests that presented this valid key, whatever the answer. */
            requests: number;
            /** @description Of those, the ones answered 429. */
            rate_limited: number;
        };
        UsageReport: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description First day of the range (UTC, `YYYY-MM-DD`). */
            from: string;
            /** @description Last day of the range: today in UTC. */
            to: string;
            /** @description Every day of the range, oldest first. */
            days: string[];
            /** @description The keys that appear in `rows`. */
            keys: components["schemas"]["UsageKey"][];
            /** @description The operations that appear in `rows`. */
            endpoints: components["schemas"]["UsageEndpoint"][];
            /** @description Counts per day, key and operation (days without requests have no row), by day then key then operation. */
            rows: components["schemas"]["UsageRow"][];
            /** @description Sums over `rows`. */
            totals: {
                /** @description All counted requests in the range. */
                requests: number;
                /** @description Of those, the ones answered 429. */
                rate_limited: number;
            };
        };
        /**
         * @description An email client family of the caniemail data (each has one or more platforms, e.g. `outlook.windows`, `outlook.macos`).
         * @enum {string}
         */
        EmailClientFamily: "apple-mail" | "gmail" | "orange" | "outlook" | "yahoo" | "aol" | "samsung-email" | "sfr" | "thunderbird" | "protonmail" | "hey" | "mail-ru" | "fastmail" | "laposte";
        MessageChecksResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            checks: components["schemas"]["MessageChecks"];
        };
        /** @description What checkMessage found. Each part is null when it does not apply (no HTML body) or could not run; the `*_reason` beside it says why. */
        MessageChecks: {
            /** @description Null when the message has no HTML body, or one over 256 KiB (see `html_reason`). */
            html_compatibility: components["schemas"]["HtmlCompatibility"] | null;
            /** @description Null when the message has no HTML body, or one over 256 KiB (see `html_reason`). */
            html_validation: components["schemas"]["HtmlValidation"] | null;
            /** @description Why the HTML checks are null: no HTML body, or an HTML body over 256 KiB (Gmail already clips messages past 102 KB, and checking one that size would hold up the checks of every other message); null when they ran. */
            html_reason: string | null;
            /** @description Null until the links are checked (`links=true`). */
            links: components["schemas"]["LinkChecks"] | null;
            /** @description Why `links` is null; null when it is not. */
            links_reason: string | null;
            /** @description Null when no SpamAssassin daemon is configured or it did not answer. */
            spam: components["schemas"]["SpamCheck"] | null;
            /** @description Why `spam` is null (not configured, unreachable, timed out); null when it is not. */
            spam_reason: string | null;
            /** @description The SPF, DKIM and DMARC verdicts from when the message arrived (as getMessage shows them); null when `MAIL_AUTH` was off. */
            authentication: components["schemas"]["Authentication"] | null;
        };
        /**
         * @description Which email clients support the HTML elements, attributes and CSS the message uses, from the caniemail
         *     data (caniemail.com, through the `caniemail` npm package; `data_updated` is the data's date). Features every
         *     checked client supports fully are not listed. `support_percent` is the share of the checked clients that
         *     support everything the message uses, a client with only partial support counting half.
         */
        HtmlCompatibility: {
            /** @description When the caniemail data was last updated, as the data says (e.g. `2025-09-09 18:08:06 +0000`). */
            data_updated: string;
            /** @description Share of the checked clients that support every feature used (partial support counts half), 0–100, one decimal. */
            support_percent: number;
            /** @description One row per checked client (family and platform), for a table by client. */
            clients: {
                /** @description The client, `family.platform` (e.g. `outlook.windows`). */
                client: string;
                family: components["schemas"]["EmailClientFamily"];
                /** @description Features used that the client does not support. */
                unsupported: number;
                /** @description Features used that it supports only partly. */
                partial: number;
            }[];
            /** @description Each feature used that some checked client does not support fully, in order of first occurrence. */
            features: {
                /** @description The feature as caniemail names it, e.g. `display:flex` or `<style> element`. */
                title: string;
                /** @description Lines of the HTML body where it occurs (empty when the data gives no position). */
                lines: number[];
                /** @description Clients (`family.platform`) that do not support it. */
                unsupported: string[];
                /** @description Clients that support it only partly. */
                partial: string[];
                /** @description caniemail's notes on the partial support, each once. */
                notes: string[];
            }[];
        };
        /**
         * @description html-validate's findings on the HTML body, with a rule set for email (`ephemail-email`):
         *     `html-validate:recommended` minus the rules email HTML breaks on purpose because mail clients need it —
         *     presentational attributes and elements (`no-deprecated-attr`, `deprecated`: `bgcolor`, `align`, `<center>`,
         *     `<font>`), layout tables (`wcag/h63`, `prefer-tbody`), inline styles and `<style>` elements
         *     (`no-inline-style`, `no-style-tag`), Outlook's conditional comments (`no-conditional-comment`), and markup
         *     habits of email builders that break nothing (`void-style`, `attr-quotes`, `attr-case`, `element-case`,
         *     `doctype-style`, `no-raw-characters`, `unrecognized-char-ref`, `no-trailing-whitespace`, `long-title`,
         *     `valid-id`, `id-pattern`, `class-pattern`, `wcag/h32`, `prefer-native-element`, `no-implicit-button-type`,
         *     `no-redundant-role`). What is left finds broken structure (unclosed or misnested elements, content where
         *     it is not allowed), duplicate ids, images without `alt`, invalid attributes.
         */
        HtmlValidation: {
            /** @description The rule set used, e.g. `ephemail-email (html-validate 10.9.0)`. */
            rule_set: string;
            /** @description Findings of severity error. */
            errors: number;
            /** @description Findings of severity warning. */
            warnings: number;
            /** @description In source order; at most 500. */
            findings: {
                /** @description The html-validate rule id (its documentation is at https://html-validate.org/rules/<rule>.html). */
                rule: string;
                /** @description What is wrong, as html-validate says it. */
                message: string;
                /** @description Line in the HTML body. */
                line: number;
                /** @description Column in that line. */
                column: number;
                /**
                 * @description html-validate's severity of the rule.
                 * @enum {string}
                 */
                severity: "error" | "warning";
            }[];
        };
        LinkChecks: {
            /**
             * Format: date-time
             * @description When the links were fetched (ISO 8601 UTC).
             */
            checked_at: string;
            /** @description Each distinct http(s) link (`<a href>`, and links in the text body) and image (`<img src>`) of the message, at most 200. */
            results: components["schemas"]["LinkCheck"][];
        };
        LinkCheck: {
            /** @description The URL as the message has it. */
            url: string;
            /**
             * @description `link` for `<a href>` and URLs in the text body, `image` for `<img src>`.
             * @enum {string}
             */
            kind: "link" | "image";
            /** @description The final HTTP status after redirects; null when no answer came (refused, timed out, connection failed). */
            status: number | null;
            /** @description True for a final 2xx answer. */
            ok: boolean;
            /** @description Each URL a redirect led to, in order (at most 10 are followed). */
            redirects: string[];
            /** @description Why there is no usable answer: a refused target (with the reason, e.g. a loopback address), a timeout, a connection error, too many redirects; null otherwise. */
            error: string | null;
        };
        /** @description SpamAssassin's verdict through spamd, with its network tests (DNS blocklists, Razor, Pyzor) off as the operator runs it (`spamd -L`). */
        SpamCheck: {
            /** @description The message's score. */
            score: number;
            /** @description The score from which SpamAssassin calls a message spam (5.0 by default). */
            threshold: number;
            /** @description True when `score` reaches `threshold`. */
            is_spam: boolean;
            /** @description Each rule that hit, as SpamAssassin's report lists it. */
            rules: {
                /** @description The rule name, e.g. `MISSING_DATE`. */
                name: string;
                /** @description Points the rule added (negative ones make a message look less like spam). */
                score: number;
                /** @description The rule's description from SpamAssassin's report. */
                description: string;
            }[];
            /**
             * Format: date-time
             * @description When spamd was asked (ISO 8601 UTC).
             */
            checked_at: string;
        };
        /** @description A SendGrid address object. */
        SendGridAddress: {
            /**
             * Format: email
             * @description The address.
             * @example customer@gmail.com
             */
            email: string;
            /** @description The display name. */
            name?: string | null;
        };
        /** @description One message of the request, with its own recipients and (over the request's) subject, headers and send_at. */
        SendGridPersonalization: {
            /** @description The To recipients. */
            to: components["schemas"]["SendGridAddress"][];
            /** @description The Cc recipients. */
            cc?: components["schemas"]["SendGridAddress"][];
            /** @description The Bcc recipients: in the envelope only. */
            bcc?: components["schemas"]["SendGridAddress"][];
            from?: components["schemas"]["SendGridAddress"];
            /** @description This message's subject. */
            subject?: string;
            /** @description This message's extra headers. */
            headers?: {
                [key: string]: string;
            };
            /** @description This message's custom arguments (kept as X-SendGrid-Custom-Args). */
            custom_args?: {
                [key: string]: string;
            };
            /** @description Unix seconds: kept as X-SendGrid-Send-At; captured at once. */
            send_at?: number;
            /** @description Accepted; templates are not rendered. */
            substitutions?: Record<string, never>;
            /** @description Accepted; templates are not rendered. */
            dynamic_template_data?: Record<string, never>;
        };
        /** @description A SendGrid attachment. */
        SendGridAttachment: {
            /** @description The file's bytes in base64. */
            content: string;
            /** @description The file name. */
            filename: string;
            /** @description The media type. */
            type?: string;
            /**
             * @description `inline` with `content_id` makes an inline part.
             * @enum {string}
             */
            disposition?: "attachment" | "inline";
            /** @description The Content-ID an inline part is referenced by (`cid:`). */
            content_id?: string;
            /** @description content_id as @sendgrid/mail sends it (its helper passes attachments through unchanged). */
            contentId?: string;
        };
        /** @description SendGrid v3 `mail/send` request: each personalization is one message. Fields not listed (templates, tracking, mail settings, ASM, IP pools) are accepted and ignored. */
        SendGridMail: {
            /** @description One message per item. */
            personalizations: components["schemas"]["SendGridPersonalization"][];
            from: components["schemas"]["SendGridAddress"];
            reply_to?: components["schemas"]["SendGridAddress"];
            /** @description Several Reply-To addresses. */
            reply_to_list?: components["schemas"]["SendGridAddress"][];
            /** @description The subject of personalizations without their own. */
            subject?: string;
            /** @description The bodies (`text/plain`, `text/html`). */
            content?: {
                /** @description `text/plain` or `text/html`. */
                type: string;
                /** @description The body. */
                value: string;
            }[];
            /** @description The attachments. */
            attachments?: components["schemas"]["SendGridAttachment"][];
            /** @description Extra headers of every message. */
            headers?: {
                [key: string]: string;
            };
            /** @description Kept as X-SendGrid-Categories. */
            categories?: string[];
            /** @description Kept as X-SendGrid-Custom-Args (JSON). */
            custom_args?: {
                [key: string]: string;
            };
            /** @description Unix seconds: kept as X-SendGrid-Send-At; captured at once. */
            send_at?: number;
            /** @description Accepted; templates are not rendered. */
            template_id?: string;
        };
        /** @description SendGrid's error answer. */
        SendGridErrors: {
            /** @description What was wrong. */
            errors: {
                /** @description What was wrong. */
                message: string;
                /** @description The field at fault (dotted path) or null. */
                field?: string | null;
                /** @description Where to read more or null. */
                help?: string | null;
            }[];
        };
        /** @description One header. */
        PostmarkHeader: {
            /** @description The header's name. */
            Name: string;
            /** @description The header's value. */
            Value: string;
        };
        /** @description A Postmark attachment. */
        PostmarkAttachment: {
            /** @description The file name. */
            Name: string;
            /** @description The file's bytes in base64. */
            Content: string;
            /** @description The media type. */
            ContentType?: string | null;
            /** @description Makes an inline part, referenced as `cid:<ContentID>`. */
            ContentID?: string | null;
        };
        /** @description A Postmark email. Fields not listed (TrackOpens, TrackLinks, InlineCss) are accepted and ignored. */
        PostmarkEmail: {
            /**
             * @description The sender, `Name <address>` or an address.
             * @example Shop <no-reply@shop.example>
             */
            From: string;
            /**
             * @description Comma-separated recipients.
             * @example customer@gmail.com
             */
            To: string;
            /** @description Comma-separated Cc recipients. */
            Cc?: string | null;
            /** @description Comma-separated Bcc recipients: in the envelope only. */
            Bcc?: string | null;
            /** @description The subject. */
            Subject?: string | null;
            /** @description Kept as X-PM-Tag. */
            Tag?: string | null;
            /** @description The HTML body. */
            HtmlBody?: string | null;
            /** @description The plain-text body. */
            TextBody?: string | null;
            /** @description Comma-separated Reply-To addresses. */
            ReplyTo?: string | null;
            /** @description Extra headers. */
            Headers?: components["schemas"]["PostmarkHeader"][] | null;
            /** @description Kept as X-PM-Metadata-<key> headers. */
            Metadata?: {
                [key: string]: string;
            } | null;
            /** @description The attachments. */
            Attachments?: components["schemas"]["PostmarkAttachment"][] | null;
            /** @description Accepted. */
            MessageStream?: string | null;
        };
        /** @description Postmark's answer for one email. */
        PostmarkSendResult: {
            /** @description The recipients as sent. */
            To?: string;
            /**
             * Format: date-time
             * @description When it was captured.
             */
            SubmittedAt?: string;
            /** @description The captured message's id. */
            MessageID?: string;
            /** @description 0: captured; 300: this email could not be built (batch only). */
            ErrorCode: number;
            /** @description `OK`, or what was wrong. */
            Message: string;
        };
        /** @description Postmark's error answer. */
        PostmarkError: {
            /** @description Postmark's API error code: 10 bad token, 300 invalid email, 402 invalid JSON, 405 not allowed to send, 100 unavailable. */
            ErrorCode: number;
            /** @description What was wrong. */
            Message: string;
        };
        /** @description An address or a list of addresses (`Name <address>` or an address). */
        ResendAddressList: string | string[];
        /** @description A Resend attachment; only `content` is supported (this server fetches no `path`). */
        ResendAttachment: {
            /** @description The file's bytes in base64. */
            content?: string;
            /** @description The file name. */
            filename?: string;
            /** @description A remote file; refused (422). */
            path?: string;
            /** @description The media type. */
            content_type?: string;
            /** @description The media type (the older spelling). */
            contentType?: string;
            /** @description Makes an inline part, referenced as `cid:<content_id>`. */
            content_id?: string;
        };
        /** @description A Resend email. Fields not listed (template, topic_id) are accepted and ignored. */
        ResendEmail: {
            /**
             * @description The sender, `Name <address>` or an address.
             * @example Shop <no-reply@shop.example>
             */
            from: string;
            to: components["schemas"]["ResendAddressList"];
            cc?: components["schemas"]["ResendAddressList"];
            bcc?: components["schemas"]["ResendAddressList"];
            reply_to?: components["schemas"]["ResendAddressList"];
            /** @description The subject. */
            subject: string;
            /** @description The HTML body. */
            html?: string;
            /** @description The plain-text body. */
            text?: string;
            /** @description Extra headers. */
            headers?: {
                [key: string]: string;
            };
            /** @description Kept as X-Resend-Tags (JSON). */
            tags?: {
                /** @description The tag's name. */
                name: string;
                /** @description The tag's value. */
                value: string;
            }[];
            /** @description The attachments. */
            attachments?: components["schemas"]["ResendAttachment"][];
            /** @description Kept as X-Resend-Scheduled-At; captured at once. */
            scheduled_at?: string;
        };
        /** @description Resend's answer. */
        ResendEmailId: {
            /** @description The captured message's id. */
            id: string;
        };
        /** @description Resend's batch answer. */
        ResendBatchResult: {
            /** @description The captured emails' ids. */
            data: components["schemas"]["ResendEmailId"][];
            /** @description Permissive batches: the emails refused. */
            errors?: {
                /** @description Its index in the request. */
                index: number;
                /** @description What was wrong. */
                message: string;
            }[];
        };
        /** @description Resend's error answer. */
        ResendError: {
            /** @description The HTTP status. */
            statusCode: number;
            /** @description The error's name: missing_api_key, invalid_api_key, validation_error, missing_required_field, invalid_idempotent_request, concurrent_idempotent_requests, rate_limit_exceeded, application_error. */
            name: string;
            /** @description What was wrong. */
            message: string;
        };
        /** @description A Mailgun message as form fields. Repeat `to`, `cc`, `bcc`, `attachment` and `inline` for several; `h:<Name>` adds a header, `v:<name>` a variable, `o:`/`t:` options are accepted. */
        MailgunMessage: {
            /**
             * @description The sender, `Name <address>` or an address.
             * @example Shop <no-reply@shop.example>
             */
            from: string;
            /**
             * @description Recipients (comma-separated or repeated).
             * @example customer@gmail.com
             */
            to: string;
            /**
             * @description Cc recipients.
             * @example team@shop.example
             */
            cc?: string;
            /**
             * @description Bcc recipients: in the envelope only.
             * @example audit@shop.example
             */
            bcc?: string;
            /**
             * @description The subject.
             * @example Your order has shipped
             */
            subject?: string;
            /**
             * @description The plain-text body.
             * @example Your code is 482913
             */
            text?: string;
            /**
             * @description The HTML body.
             * @example <p>Your code is 482913</p>
             */
            html?: string;
            /**
             * @description Kept as X-Mailgun-Tag.
             * @example orders
             */
            "o:tag"?: string;
            /**
             * Format: binary
             * @description A file part (multipart only).
             */
            attachment?: string;
            /**
             * Format: binary
             * @description An inline file part (multipart only), referenced as `cid:<file name>`.
             */
            inline?: string;
        };
        /** @description Mailgun's answer. */
        MailgunQueued: {
            /** @description The captured message's id as `<msg_…@domain>`. */
            id: string;
            /** @description `Queued. Thank you.` */
            message: string;
        };
        /** @description Mailgun's error answer. */
        MailgunError: {
            /** @description What was wrong. */
            message: string;
        };
        /** @description A text and its character set. */
        SesContent: {
            /** @description The text. */
            Data: string;
            /** @description Its character set (UTF-8 is assumed). */
            Charset?: string;
        };
        /** @description SES v2 SendEmail. Fields not listed (ConfigurationSetName, ListManagementOptions, FeedbackForwardingEmailAddress, identity ARNs) are accepted and ignored. */
        SesSendEmailRequest: {
            /**
             * @description The sender; required with Simple content.
             * @example Shop <no-reply@shop.example>
             */
            FromEmailAddress?: string;
            /** @description The recipients. */
            Destination?: {
                /** @description To recipients. */
                ToAddresses?: string[];
                /** @description Cc recipients. */
                CcAddresses?: string[];
                /** @description Bcc recipients: in the envelope only. */
                BccAddresses?: string[];
            };
            /** @description Reply-To addresses. */
            ReplyToAddresses?: string[];
            /** @description Kept as X-SES-Tags (JSON). */
            EmailTags?: {
                /** @description The tag's name. */
                Name: string;
                /** @description The tag's value. */
                Value: string;
            }[];
            /** @description Simple (built here) or Raw (captured as it is) content. */
            Content: {
                /** @description A message to build. */
                Simple?: {
                    Subject: components["schemas"]["SesContent"];
                    /** @description The bodies. */
                    Body: {
                        Text?: components["schemas"]["SesContent"];
                        Html?: components["schemas"]["SesContent"];
                    };
                    /** @description Extra headers. */
                    Headers?: {
                        /** @description The header's name. */
                        Name: string;
                        /** @description The header's value. */
                        Value: string;
                    }[];
                    /** @description The attachments. */
                    Attachments?: {
                        /** @description The file's bytes in base64. */
                        RawContent: string;
                        /** @description The file name. */
                        FileName: string;
                        /** @description The media type. */
                        ContentType?: string;
                        /**
                         * @description INLINE with ContentId makes an inline part.
                         * @enum {string}
                         */
                        ContentDisposition?: "ATTACHMENT" | "INLINE";
                        /** @description The Content-ID an inline part is referenced by. */
                        ContentId?: string;
                        /** @description Its Content-Description. */
                        ContentDescription?: string;
                        /** @description Accepted; MailComposer picks the encoding. */
                        ContentTransferEncoding?: string;
                    }[];
                };
                /** @description A whole MIME message. */
                Raw?: {
                    /** @description The message in base64. */
                    Data: string;
                };
                /** @description Refused (400): templates are not rendered here. */
                Template?: Record<string, never>;
            };
        };
        /**
         * @description An SES Query API request as its SDKs send it: flat form fields, lists as `Name.member.N` (sendSesQuery lists
         *     the fields each action reads). Fields it does not name are accepted and not used, as SES ignores parameters
         *     of other versions.
         */
        SesQueryRequest: {
            /** @description `SendEmail` or `SendRawEmail`; any other is `InvalidAction`. */
            Action: string;
            /** @description The API version the SDK names (`2010-12-01`). */
            Version?: string;
            /** @description The sender: `SendEmail` From (required), `SendRawEmail` envelope sender. */
            Source?: string;
            /** @description `SendRawEmail`: the MIME message, base64. */
            "RawMessage.Data"?: string;
            /** @description `SendEmail`: the subject. */
            "Message.Subject.Data"?: string;
            /** @description `SendEmail`: the text part. */
            "Message.Body.Text.Data"?: string;
            /** @description `SendEmail`: the HTML part. */
            "Message.Body.Html.Data"?: string;
        } & {
            [key: string]: string;
        };
        /** @description SES's answer. */
        SesSendEmailResult: {
            /** @description The captured message's id. */
            MessageId: string;
        };
        /** @description SES's error answer; the error's name is in the x-amzn-ErrorType header. */
        SesError: {
            /** @description What was wrong. */
            message: string;
        };
    };
    responses: {
        /** @description `session_required`: no session cookie was sent, or the session expired or was logged out. Log in again. */
        SessionRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "session_required",
                 *       "message": "Log in first: this dashboard call needs a session (the ephemail_session cookie is missing, expired or logged out)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `invalid_credentials`: the email and password do not match an account (the same answer whether or not the email has one). */
        InvalidCredentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "invalid_credentials",
                 *       "message": "The email or the password is wrong."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `csrf_failed`: the `x-csrf-token` header is missing or is not this session's token, or the request came
         *     from another site's page. `plan_required`: the account's plan does not include this (the message says how
         *     to upgrade). `plan_change_not_allowed`: plans are changed by the operator on this instance (the message
         *     says what to ask). `insufficient_role`: your role in this workspace is below the operation's `x-role`.
         */
        DashboardForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "csrf_failed",
                 *       "message": "This call changes something, so it needs the x-csrf-token header with the token from GET /api/dashboard/session."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `account_exists`: an account for this email exists; log in instead. */
        AccountExists: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "account_exists",
                 *       "message": "An account for ada@example.com already exists; log in instead."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `too_many_keys`: the account already holds 50 live keys of this kind; revoke one first. */
        TooManyKeys: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "too_many_keys",
                 *       "message": "This account already has 50 live tools keys; revoke one before creating another."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `rate_limited`: too many sign-up or log-in attempts for this email address or from this IP address in the window. */
        TooManyAttempts: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "rate_limited",
                 *       "message": "Too many log-in attempts for this email address; retry in 840 s."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `webhook_not_found`, `webhook_delivery_not_found`: no such webhook or delivery for your account (another account's answer the same, so their existence does not leak). `address_not_found`: the `address` filter is not an address of your account. */
        WebhookNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "webhook_not_found",
                 *       "message": "No webhook wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e in your account."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `webhook_target_not_allowed`: the URL's host does not resolve, or resolves to a loopback, private, link-local or otherwise non-public address (the message says which); the operator can allow private targets with `WEBHOOK_ALLOW_PRIVATE` or `WEBHOOK_ALLOWED_NETWORKS`. */
        WebhookTargetNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "webhook_target_not_allowed",
                 *       "message": "url: 169.254.169.254 is a cloud metadata address (AWS, GCP, Azure, DigitalOcean, OpenStack); webhooks may only call public addresses."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `webhook_disabled`: the webhook is disabled (by you or automatically after sustained failure); enable it with an update first. */
        WebhookDisabled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "webhook_disabled",
                 *       "message": "Webhook wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e is disabled (failing); enable it first."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The QR code, in the requested format. */
        QrCode: {
            headers: {
                ETag: components["headers"]["ETag"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "value": "https://example.com",
                 *         "type": "url",
                 *         "size": 256,
                 *         "margin": 4,
                 *         "errorCorrectionLevel": "M",
                 *         "dataUrl": "data:image/png;base64,iVBORw0KGgo=",
                 *         "format": "png"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["QrCodeResponse"];
                "image/png": string;
                "image/svg+xml": string;
            };
        };
        /** @description The result of the requested action; the shape of `data` follows `action`. */
        EmailValidator: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "isValid": true,
                 *         "errors": [],
                 *         "warnings": [],
                 *         "details": {
                 *           "localPart": "someone",
                 *           "domain": "example.com",
                 *           "domainParts": [
                 *             "example",
                 *             "com"
                 *           ],
                 *           "tld": "com",
                 *           "length": 20
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailValidatorResponse"];
            };
        };
        /** @description The age and related facts. */
        Age: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "birthDate": "1990-05-15",
                 *         "referenceDate": "2024-05-16",
                 *         "years": 34,
                 *         "months": 0,
                 *         "days": 1,
                 *         "totalDays": 12420,
                 *         "totalWeeks": 1774,
                 *         "totalMonths": 408,
                 *         "nextBirthday": {
                 *           "days": 364,
                 *           "date": "2025-05-15"
                 *         },
                 *         "zodiacSign": "Taurus",
                 *         "dayOfWeek": "Tuesday"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AgeResponse"];
            };
        };
        /**
         * @description The request broke a rule. `validation_error`: a parameter is missing, malformed or out of range (the
         *     message names the parameter and the rule). `invalid_json`: the body is not JSON. `ambiguous_api_key`:
         *     different keys were sent in different places. `qr_capacity_exceeded` / `qr_size_too_small`: see the QR
         *     operation.
         */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "validation_error",
                 *       "message": "size must be <= 2000 (query parameter size)"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `missing_api_key`: no key was sent. `invalid_api_key`: the key is unknown, malformed or revoked. `key_expired`: the key's `expires_at` has passed. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "missing_api_key",
                 *       "message": "This endpoint needs a Tools API key in the x-api-key header."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `wrong_key_kind`: the key is valid but of the other kind (the message names the kind needed). `plan_required`: the account's plan does not include this. `insufficient_scope`: the Developer key lacks the scope the operation declares (the message names it; `WWW-Authenticate: Bearer error="insufficient_scope", scope="<scope>"` as RFC 6750 says), or asked for a key with more rights than its own. */
        Forbidden: {
            headers: {
                /** @description With `insufficient_scope`: `Bearer error="insufficient_scope", scope="<the scope needed>"`. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "wrong_key_kind",
                 *       "message": "This endpoint needs a Tools API key (eph_tools_…); a Developer key was sent."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The content is unchanged since the `ETag` named in `If-None-Match`: no body. */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Any other client error (for example a malformed request line, header or percent-encoding) answers in the same envelope, with a 4xx status and the matching code. */
        ClientError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "validation_error",
                 *       "message": "The request could not be read."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `address_not_found`, `message_not_found`, `attachment_not_found`, `domain_not_found`, `member_not_found`, `not_found`: no such resource for your account (another account's resources answer the same, so their existence does not leak). */
        ResourceNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "address_not_found",
                 *       "message": "No address signup-test@ephemail.local in your account."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `invitation_invalid`: the invitation token is unknown, already used, withdrawn or expired (the message says which when it can). */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "invitation_invalid",
                 *       "message": "This invitation has already been used."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `address_exists`: the address is taken. `domain_exists`: the domain is already in your account, or another account verified it first. `last_owner`: the workspace would have no owner left. `already_member`: the person already belongs to the workspace. `too_many_sandboxes`: the account holds 50 sandboxes already. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "address_exists",
                 *       "message": "signup-test@ephemail.local already exists; choose another prefix."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `domain_not_allowed`: the domain is not one this platform serves, not one of your verified custom domains, or (adding a domain) one of the platform's own; the message says which. */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "domain_not_allowed",
                 *       "message": "example.com is not served here; use one of: ephemail.local."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `payload_too_large`: the body is larger than the limit (1 MiB by default, `BODY_LIMIT`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "payload_too_large",
                 *       "message": "The request body is larger than 1048576 bytes."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `unsupported_media_type`: the body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "unsupported_media_type",
                 *       "message": "Send the body as application/json (got text/plain)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `rate_limited`: the key used up its requests for this window. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "rate_limited",
                 *       "message": "Rate limit of 120 requests per 60 s exceeded; retry in 12 s."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `internal_error`: something failed on our side. The message never carries internals; the log has them, under the same request id. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "internal_error",
                 *       "message": "Something went wrong on our side (request req-1a)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `service_unavailable`: a dependency (the database) does not answer, or the store is full (its disk has no room); retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "service_unavailable",
                 *       "message": "The database does not answer."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `preview_unavailable`: this instance has no browser to render with (`CHROMIUM_PATH` names no Chromium that starts), or the render failed; the message says which. */
        PreviewUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "preview_unavailable",
                 *       "message": "Previews need Chromium, and /usr/bin/chromium could not be started; the operator sets CHROMIUM_PATH."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description SendGrid's error shape; the operation's description says which status means what. */
        SendGridFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "message": "The provided authorization grant is invalid, expired, or revoked",
                 *           "field": null,
                 *           "help": null
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SendGridErrors"];
            };
        };
        /** @description Postmark's error shape; the operation's description says which status and ErrorCode mean what. */
        PostmarkFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ErrorCode": 10,
                 *       "Message": "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token."
                 *     }
                 */
                "application/json": components["schemas"]["PostmarkError"];
            };
        };
        /** @description Resend's error shape; the operation's description says which status and name mean what. */
        ResendFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 403,
                 *       "name": "invalid_api_key",
                 *       "message": "API key is invalid"
                 *     }
                 */
                "application/json": components["schemas"]["ResendError"];
            };
        };
        /** @description Mailgun's error shape; the operation's description says which status means what. */
        MailgunFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "from parameter is missing"
                 *     }
                 */
                "application/json": components["schemas"]["MailgunError"];
            };
        };
        /** @description Amazon SES's Query API error shape (sendSesQuery); its description says which status and code mean what. */
        SesQueryFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /** @example <ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error><RequestId>req-1</RequestId></ErrorResponse> */
                "text/xml": string;
            };
        };
        /** @description Amazon SES's error shape, the error's name in the `x-amzn-ErrorType` header; the operation's description says which status and name mean what. */
        SesFailure: {
            headers: {
                /** @description The error's name (e.g. `SignatureDoesNotMatch`), which the AWS SDK raises. */
                "x-amzn-ErrorType"?: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method."
                 *     }
                 */
                "application/json": components["schemas"]["SesError"];
            };
        };
    };
    parameters: {
        /**
         * @description A key id (`key_…`) from the key list — not the key itself.
         * @example key_5d4c3b2a19f8e7d6c5b4a39281706f5e
         */
        KeyIdPath: string;
        /** @description Only keys of this kind; both kinds when left out. */
        KeyKindQuery: components["schemas"]["ApiKeyKind"];
        /** @description How many UTC days to report, ending today (today included). */
        UsageDays: number;
        /**
         * @description A webhook id (`wh_…`) from create or list.
         * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
         */
        WebhookIdPath: string;
        /**
         * @description A delivery id (`whd_…`) from the delivery log; the same value the receiver got as `webhook-id`.
         * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
         */
        WebhookDeliveryIdPath: string;
        /** @description Only deliveries in this state; all of them when left out. */
        WebhookDeliveryStatusQuery: components["schemas"]["WebhookDeliveryStatus"];
        /**
         * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
         * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
         */
        WebhookIdHeader: string;
        /**
         * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
         * @example 1795255200
         */
        WebhookTimestampHeader: string;
        /**
         * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
         *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
         *     rotation (new secret first). A request is genuine when any one of them matches.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignatureHeader: string;
        /**
         * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
         * @example qa.example.com
         */
        DomainPath: string;
        /**
         * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
         * @example signup-test@ephemail.local
         */
        AddressPath: string;
        /**
         * @description A message id (`msg_…`) from the message list.
         * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
         */
        MessageIdPath: string;
        /**
         * @description A sandbox id (`sbx_…`).
         * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
         */
        SandboxIdPath: string;
        /**
         * @description A message id (`msg_…`) from the sandbox's message list.
         * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
         */
        SandboxMessageIdPath: string;
        /**
         * @description An attachment id (`att_…`) from the message.
         * @example att_1a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
         */
        SandboxAttachmentIdPath: string;
        /**
         * @description An attachment id (`att_…`) from the message.
         * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
         */
        AttachmentIdPath: string;
        /** @description Only messages whose subject contains this text, ignoring case. */
        SubjectFilter: string;
        /** @description Only messages whose sender address or display name contains this text, ignoring case. */
        FromFilter: string;
        /** @description Only messages received strictly after this instant (ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`). */
        SinceFilter: string;
        /** @description Only messages whose text or HTML body contains this text, ignoring case. */
        TextFilter: string;
        /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
        UnreadFilter: boolean;
        /** @description Page size. */
        Limit: number;
        /** @description Items to skip. */
        Offset: number;
        /** @description An `ETag` from an earlier answer; the same content answers 304 without a body. */
        IfNoneMatch: string;
        /** @description What the QR code carries; the field of the same name (`wifiSSID` for wifi) is required. */
        QrType: components["schemas"]["QrType"];
        /**
         * @description Text to encode when `type=text`.
         * @example Hello from Ephemail
         */
        QrText: string;
        /**
         * @description URL to encode, as given, when `type=url`.
         * @example https://example.com/welcome
         */
        QrUrl: string;
        /**
         * @description Address encoded as `mailto:<email>` when `type=email`.
         * @example hello@example.com
         */
        QrEmail: string;
        /**
         * @description Phone number encoded as `tel:<phone>` (spaces, dots, dashes and parentheses removed) when `type=phone`.
         * @example +44 20 7946 0958
         */
        QrPhone: string;
        /**
         * @description Network name when `type=wifi`.
         * @example Cafe Guest
         */
        QrWifiSsid: string;
        /** @description Network password; leave out for an open network (`T:nopass`). */
        QrWifiPassword: string;
        /** @description Wi-Fi security; defaults to WPA with a password and nopass without one. */
        QrWifiEncryption: components["schemas"]["WifiEncryption"];
        /** @description Whether the network is hidden (adds `H:true`). */
        QrWifiHidden: boolean;
        /** @description Width and height of the image in pixels. */
        QrSize: number;
        /** @description Quiet zone around the symbol, in modules. */
        QrMargin: number;
        /** @description Error correction: L ≈ 7 %, M ≈ 15 %, Q ≈ 25 %, H ≈ 30 % of the symbol may be damaged. */
        QrErrorCorrectionLevel: components["schemas"]["ErrorCorrectionLevel"];
        /** @description `json` answers the envelope with a PNG data URL; `png` and `svg` answer the image itself. */
        QrFormat: components["schemas"]["QrFormat"];
        /** @description What to do; `validate` and `verify` need `email`, `extract` needs `text`. */
        EmailAction: components["schemas"]["EmailAction"];
        /**
         * @description The address to validate or verify.
         * @example someone@example.com
         */
        EmailValue: string;
        /** @description Text to extract addresses from (use POST for long text). */
        EmailText: string;
        /**
         * @description Date of birth, `YYYY-MM-DD`.
         * @example 1990-05-15
         */
        BirthDate: components["schemas"]["CalendarDate"];
        /**
         * @description The date to compute the age at, `YYYY-MM-DD`; today in UTC when left out.
         * @example 2024-05-16
         */
        ReferenceDate: components["schemas"]["CalendarDate"];
        /** @description `true`: run the checks that depend on the outside world again — the spam score, and the links when `links=true` — instead of answering the stored ones. */
        ChecksRefresh: boolean;
        /** @description `true`: fetch the links and images (the first time, or again with `refresh=true`). Left out, links checked earlier are answered as stored and unchecked ones are not fetched. */
        ChecksLinks: boolean;
        /** @description Only these client families in `html_compatibility` (repeat the parameter for several, e.g. `client=gmail&client=outlook`); all of them when left out. */
        ChecksClient: components["schemas"]["EmailClientFamily"][];
        /** @description Viewport width in CSS pixels, and the width of the PNG: 375 (phone), 768 (tablet) or 1280 (desktop). */
        PreviewWidth: 375 | 768 | 1280;
        /** @description `true`: render with `prefers-color-scheme: dark`. */
        PreviewDark: boolean;
        /** @description Resend's idempotency key: a repeat within 24 hours with the same key and body answers the first answer and captures nothing new. */
        IdempotencyKeyHeader: string;
    };
    requestBodies: never;
    headers: {
        /** @description Identifies the answer's content; send it back as `If-None-Match` to get 304 when it is unchanged. */
        ETag: string;
        /** @description `ephemail_session=<token>; Max-Age=<SESSION_TTL_SECONDS>; Path=/; HttpOnly; SameSite=Lax` (plus `Secure` over HTTPS); log-out sends it expired. */
        "Set-Session-Cookie": string;
        /** @description Requests allowed per window for this key and route group. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description Unix time (seconds) at which the current window ends. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service and its store are working. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "sqlite",
                     *       "version": "0.1.0"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            "4XX": components["responses"]["ClientError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": "ok",
                     *         "migrations": "ok",
                     *         "redis": "not_configured"
                     *       },
                     *       "intake": {
                     *         "queued": 0,
                     *         "lag_seconds": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            500: components["responses"]["InternalError"];
            /** @description `service_unavailable`: not ready; the message says which check failed (database, migrations) or that the instance is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": "service_unavailable",
                     *       "message": "Not ready: the database does not answer."
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            "4XX": components["responses"]["ClientError"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP ephemail_messages_stored_total Message copies stored over SMTP.
                     *     # TYPE ephemail_messages_stored_total counter
                     *     ephemail_messages_stored_total 42
                     */
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientPackage: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier download; an unchanged package answers 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The package tarball. */
            200: {
                headers: {
                    /** @description Identifies this tarball's bytes. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/gzip": string;
                };
            };
            /** @description The package is unchanged since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
        };
    };
    handleMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "jsonrpc": "2.0",
                 *       "id": 1,
                 *       "method": "tools/call",
                 *       "params": {
                 *         "name": "wait_for_message",
                 *         "arguments": {
                 *           "address": "signup-test@ephemail.local",
                 *           "subject": "confirm",
                 *           "timeout": 30
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["JsonRpcPayload"];
            };
        };
        responses: {
            /** @description The JSON-RPC response(s). */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jsonrpc": "2.0",
                     *       "id": 1,
                     *       "result": {
                     *         "content": [
                     *           {
                     *             "type": "text",
                     *             "text": "{\"success\":true,\"messages\":[],\"count\":0,\"timed_out\":true}"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JsonRpcPayload"];
                };
            };
            /** @description Notifications and responses only (nothing to answer); no body. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON-RPC 2.0 (a JSON-RPC error with code -32700 or -32600 and no id), or — in the error envelope — a request the API refuses before MCP sees it (`validation_error`, `invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jsonrpc": "2.0",
                     *       "id": null,
                     *       "error": {
                     *         "code": -32700,
                     *         "message": "Parse error: Invalid JSON-RPC message"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"] | components["schemas"]["JsonRpcPayload"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
            "4XX": components["responses"]["ClientError"];
        };
    };
    getOpenApiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            500: components["responses"]["InternalError"];
            "4XX": components["responses"]["ClientError"];
        };
    };
    generateQrCode: {
        parameters: {
            query?: {
                /** @description What the QR code carries; the field of the same name (`wifiSSID` for wifi) is required. */
                type?: components["parameters"]["QrType"];
                /**
                 * @description Text to encode when `type=text`.
                 * @example Hello from Ephemail
                 */
                text?: components["parameters"]["QrText"];
                /**
                 * @description URL to encode, as given, when `type=url`.
                 * @example https://example.com/welcome
                 */
                url?: components["parameters"]["QrUrl"];
                /**
                 * @description Address encoded as `mailto:<email>` when `type=email`.
                 * @example hello@example.com
                 */
                email?: components["parameters"]["QrEmail"];
                /**
                 * @description Phone number encoded as `tel:<phone>` (spaces, dots, dashes and parentheses removed) when `type=phone`.
                 * @example +44 20 7946 0958
                 */
                phone?: components["parameters"]["QrPhone"];
                /**
                 * @description Network name when `type=wifi`.
                 * @example Cafe Guest
                 */
                wifiSSID?: components["parameters"]["QrWifiSsid"];
                /** @description Network password; leave out for an open network (`T:nopass`). */
                wifiPassword?: components["parameters"]["QrWifiPassword"];
                /** @description Wi-Fi security; defaults to WPA with a password and nopass without one. */
                wifiEncryption?: components["parameters"]["QrWifiEncryption"];
                /** @description Whether the network is hidden (adds `H:true`). */
                wifiHidden?: components["parameters"]["QrWifiHidden"];
                /** @description Width and height of the image in pixels. */
                size?: components["parameters"]["QrSize"];
                /** @description Quiet zone around the symbol, in modules. */
                margin?: components["parameters"]["QrMargin"];
                /** @description Error correction: L ≈ 7 %, M ≈ 15 %, Q ≈ 25 %, H ≈ 30 % of the symbol may be damaged. */
                errorCorrectionLevel?: components["parameters"]["QrErrorCorrectionLevel"];
                /** @description `json` answers the envelope with a PNG data URL; `png` and `svg` answer the image itself. */
                format?: components["parameters"]["QrFormat"];
            };
            header?: {
                /** @description An `ETag` from an earlier answer; the same content answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["QrCode"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    generateQrCodeFromJson: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` from an earlier answer; the same content answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "wifi",
                 *       "wifiSSID": "Cafe; Guest",
                 *       "wifiPassword": "s3cret",
                 *       "size": 300,
                 *       "format": "png"
                 *     }
                 */
                "application/json": components["schemas"]["QrCodeRequest"];
            };
        };
        responses: {
            200: components["responses"]["QrCode"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    validateEmail: {
        parameters: {
            query?: {
                /** @description What to do; `validate` and `verify` need `email`, `extract` needs `text`. */
                action?: components["parameters"]["EmailAction"];
                /**
                 * @description The address to validate or verify.
                 * @example someone@example.com
                 */
                email?: components["parameters"]["EmailValue"];
                /** @description Text to extract addresses from (use POST for long text). */
                text?: components["parameters"]["EmailText"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["EmailValidator"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    validateEmailFromJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "extract",
                 *       "text": "Write to Ann <ann@example.com> or bob@example.org."
                 *     }
                 */
                "application/json": components["schemas"]["EmailValidatorRequest"];
            };
        };
        responses: {
            200: components["responses"]["EmailValidator"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    calculateAge: {
        parameters: {
            query: {
                /**
                 * @description Date of birth, `YYYY-MM-DD`.
                 * @example 1990-05-15
                 */
                birthDate: components["parameters"]["BirthDate"];
                /**
                 * @description The date to compute the age at, `YYYY-MM-DD`; today in UTC when left out.
                 * @example 2024-05-16
                 */
                referenceDate?: components["parameters"]["ReferenceDate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Age"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    calculateAgeFromJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "birthDate": "1990-05-15",
                 *       "referenceDate": "2024-05-16"
                 *     }
                 */
                "application/json": components["schemas"]["AgeRequest"];
            };
        };
        responses: {
            200: components["responses"]["Age"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listAddresses: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of addresses. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "addresses": [
                     *         {
                     *           "email": "quiet-otter-4821@ephemail.local",
                     *           "domain": "ephemail.local",
                     *           "prefix": "quiet-otter-4821",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "expires_at": "2026-11-21T11:00:00.000Z",
                     *           "expired": false,
                     *           "message_count": 2
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AddressList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "prefix": "signup-test",
                 *       "expires_in": 600
                 *     }
                 */
                "application/json": components["schemas"]["CreateAddressRequest"];
            };
        };
        responses: {
            /** @description The address was created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "email": "signup-test@ephemail.local",
                     *       "domain": "ephemail.local",
                     *       "prefix": "signup-test",
                     *       "expires_at": "2026-11-21T10:10:00.000Z",
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedAddress"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "email": "signup-test@ephemail.local",
                     *       "domain": "ephemail.local",
                     *       "prefix": "signup-test",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "expires_at": "2026-11-21T10:10:00.000Z",
                     *       "expired": false,
                     *       "message_count": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AddressResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Address signup-test@ephemail.local and its 2 messages were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    extendAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expires_in": 3600
                 *     }
                 */
                "application/json": components["schemas"]["ExtendAddressRequest"];
            };
        };
        responses: {
            /** @description The new expiry. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "new_expiry": "2026-11-21T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Extended"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAddressFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fault profile. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "address": "signup-test@ephemail.local",
                     *       "rules": [
                     *         {
                     *           "action": "reject",
                     *           "stage": "rcpt",
                     *           "code": 550,
                     *           "message": "5.1.1 No such user here",
                     *           "times": 2,
                     *           "fired": 1,
                     *           "remaining": 1
                     *         },
                     *         {
                     *           "action": "greylist",
                     *           "retry_after": 60,
                     *           "fired": 0,
                     *           "remaining": null
                     *         }
                     *       ],
                     *       "updated_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FaultProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    setAddressFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rules": [
                 *         {
                 *           "action": "reject",
                 *           "stage": "rcpt",
                 *           "code": 550,
                 *           "message": "5.1.1 No such user here",
                 *           "times": 2
                 *         },
                 *         {
                 *           "action": "greylist",
                 *           "retry_after": 60
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["FaultProfileRequest"];
            };
        };
        responses: {
            /** @description The profile as stored, counters at zero. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "address": "signup-test@ephemail.local",
                     *       "rules": [
                     *         {
                     *           "action": "reject",
                     *           "stage": "rcpt",
                     *           "code": 550,
                     *           "message": "5.1.1 No such user here",
                     *           "times": 2,
                     *           "fired": 0,
                     *           "remaining": 2
                     *         },
                     *         {
                     *           "action": "greylist",
                     *           "retry_after": 60,
                     *           "fired": 0,
                     *           "remaining": null
                     *         }
                     *       ],
                     *       "updated_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FaultProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    clearAddressFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty profile. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "address": "signup-test@ephemail.local",
                     *       "rules": [],
                     *       "updated_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["FaultProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description Only messages received strictly after this instant (ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`). */
                since?: components["parameters"]["SinceFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of message summaries. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "shop@example.com",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "signup-test@ephemail.local",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Confirm your email",
                     *           "size": 2048,
                     *           "received_at": "2026-11-21T10:01:00.000Z",
                     *           "read": false,
                     *           "attachments": [],
                     *           "codes": [],
                     *           "links": [],
                     *           "authentication": {
                     *             "spf": {
                     *               "result": "pass",
                     *               "domain": "example.com"
                     *             },
                     *             "dkim": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "selector": "s1"
                     *             },
                     *             "dmarc": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "policy": "reject"
                     *             },
                     *             "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *           }
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "shop@example.com",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Confirm your email",
                     *       "text": "Your code is 123456.\n",
                     *       "html": "<p>Your code is <b>123456</b>.</p>",
                     *       "size": 2048,
                     *       "received_at": "2026-11-21T10:01:00.000Z",
                     *       "read": false,
                     *       "attachments": [
                     *         {
                     *           "id": "att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
                     *           "filename": "invoice.pdf",
                     *           "content_type": "application/pdf",
                     *           "size": 10240
                     *         }
                     *       ],
                     *       "codes": [
                     *         "123456"
                     *       ],
                     *       "links": [],
                     *       "authentication": {
                     *         "spf": {
                     *           "result": "pass",
                     *           "domain": "example.com"
                     *         },
                     *         "dkim": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "selector": "s1"
                     *         },
                     *         "dmarc": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "policy": "reject"
                     *         },
                     *         "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Message msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19 was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "read": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMessageRequest"];
            };
        };
        responses: {
            /** @description The message with its new state. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "shop@example.com",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Confirm your email",
                     *       "text": "Your code is 123456.\n",
                     *       "html": "<p>Your code is <b>123456</b>.</p>",
                     *       "size": 2048,
                     *       "received_at": "2026-11-21T10:01:00.000Z",
                     *       "read": true,
                     *       "attachments": [],
                     *       "codes": [
                     *         "123456"
                     *       ],
                     *       "links": [],
                     *       "authentication": {
                     *         "spf": {
                     *           "result": "pass",
                     *           "domain": "example.com"
                     *         },
                     *         "dkim": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "selector": "s1"
                     *         },
                     *         "dmarc": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "policy": "reject"
                     *         },
                     *         "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessageRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw source. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "message/rfc822": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment bytes. */
            200: {
                headers: {
                    /** @description Always `attachment` with a safe file name. */
                    "Content-Disposition"?: string;
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    checkMessage: {
        parameters: {
            query?: {
                /** @description `true`: run the checks that depend on the outside world again — the spam score, and the links when `links=true` — instead of answering the stored ones. */
                refresh?: components["parameters"]["ChecksRefresh"];
                /** @description `true`: fetch the links and images (the first time, or again with `refresh=true`). Left out, links checked earlier are answered as stored and unchecked ones are not fetched. */
                links?: components["parameters"]["ChecksLinks"];
                /** @description Only these client families in `html_compatibility` (repeat the parameter for several, e.g. `client=gmail&client=outlook`); all of them when left out. */
                client?: components["parameters"]["ChecksClient"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageChecksResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessagePreview: {
        parameters: {
            query?: {
                /** @description Viewport width in CSS pixels, and the width of the PNG: 375 (phone), 768 (tablet) or 1280 (desktop). */
                width?: components["parameters"]["PreviewWidth"];
                /** @description `true`: render with `prefers-color-scheme: dark`. */
                dark?: components["parameters"]["PreviewDark"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendered message. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PreviewUnavailable"];
        };
    };
    listDomains: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of domains. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "domains": [
                     *         {
                     *           "domain": "qa.example.com",
                     *           "verified": true,
                     *           "verified_at": "2026-11-21T10:05:00.000Z",
                     *           "catch_all": null,
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "last_checked_at": "2026-11-21T10:05:00.000Z",
                     *           "last_error": null,
                     *           "records": [
                     *             {
                     *               "type": "TXT",
                     *               "name": "_ephemail.qa.example.com",
                     *               "value": "ephemail-verification=5d41402abc4b2a76b9719d911017c592"
                     *             },
                     *             {
                     *               "type": "MX",
                     *               "name": "qa.example.com",
                     *               "value": "mx.ephemail.example",
                     *               "priority": 10
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    addDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain": "qa.example.com"
                 *     }
                 */
                "application/json": components["schemas"]["AddDomainRequest"];
            };
        };
        responses: {
            /** @description The domain was added (not yet verified); publish its `records`, then verify it. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "domain": "qa.example.com",
                     *       "verified": false,
                     *       "verified_at": null,
                     *       "catch_all": null,
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "last_checked_at": null,
                     *       "last_error": null,
                     *       "records": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_ephemail.qa.example.com",
                     *           "value": "ephemail-verification=5d41402abc4b2a76b9719d911017c592"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "qa.example.com",
                     *           "value": "mx.ephemail.example",
                     *           "priority": 10
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "domain": "qa.example.com",
                     *       "verified": true,
                     *       "verified_at": "2026-11-21T10:05:00.000Z",
                     *       "catch_all": "inbox",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "last_checked_at": "2026-11-21T10:05:00.000Z",
                     *       "last_error": null,
                     *       "records": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_ephemail.qa.example.com",
                     *           "value": "ephemail-verification=5d41402abc4b2a76b9719d911017c592"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "qa.example.com",
                     *           "value": "mx.ephemail.example",
                     *           "priority": 10
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Domain qa.example.com and its 3 addresses were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "catch_all": "inbox"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDomainRequest"];
            };
        };
        responses: {
            /** @description The domain as it now stands. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "domain": "qa.example.com",
                     *       "verified": true,
                     *       "verified_at": "2026-11-21T10:05:00.000Z",
                     *       "catch_all": "inbox",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "last_checked_at": "2026-11-21T10:05:00.000Z",
                     *       "last_error": null,
                     *       "records": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_ephemail.qa.example.com",
                     *           "value": "ephemail-verification=5d41402abc4b2a76b9719d911017c592"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "qa.example.com",
                     *           "value": "mx.ephemail.example",
                     *           "priority": 10
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description One of your custom domains, e.g. `qa.example.com`; matched case-insensitively (a trailing dot is ignored, an internationalised name may be sent in Unicode or punycode).
                 * @example qa.example.com
                 */
                domain: components["parameters"]["DomainPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result of the check. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "verified": false,
                     *       "message": "qa.example.com is not verified: no TXT record \"ephemail-verification=5d41402abc4b2a76b9719d911017c592\" at _ephemail.qa.example.com (found: none).",
                     *       "checks": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_ephemail.qa.example.com",
                     *           "expected": "ephemail-verification=5d41402abc4b2a76b9719d911017c592",
                     *           "found": [],
                     *           "status": "missing",
                     *           "required": true,
                     *           "message": "No TXT record at _ephemail.qa.example.com."
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "qa.example.com",
                     *           "expected": "mx.ephemail.example",
                     *           "found": [
                     *             "mx.ephemail.example"
                     *           ],
                     *           "status": "ok",
                     *           "required": false,
                     *           "message": "An MX record points to mx.ephemail.example."
                     *         }
                     *       ],
                     *       "domain": {
                     *         "domain": "qa.example.com",
                     *         "verified": false,
                     *         "verified_at": null,
                     *         "catch_all": null,
                     *         "created_at": "2026-11-21T10:00:00.000Z",
                     *         "last_checked_at": "2026-11-21T10:02:00.000Z",
                     *         "last_error": "No TXT record at _ephemail.qa.example.com.",
                     *         "records": [
                     *           {
                     *             "type": "TXT",
                     *             "name": "_ephemail.qa.example.com",
                     *             "value": "ephemail-verification=5d41402abc4b2a76b9719d911017c592"
                     *           },
                     *           {
                     *             "type": "MX",
                     *             "name": "qa.example.com",
                     *             "value": "mx.ephemail.example",
                     *             "priority": 10
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DomainVerification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    waitForMessages: {
        parameters: {
            query?: {
                /** @description Seconds to wait at most: 0 (check once and answer) to 60; 30 by default. */
                timeout?: number;
                /** @description Only messages received strictly after this instant count (ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`). Left out, every message of the address counts. */
                since?: string;
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
                /** @description Only messages whose text or HTML body contains this text, ignoring case. */
                text?: components["parameters"]["TextFilter"];
                /** @description How many matching messages to wait for (1 by default). */
                count?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description New messages, or an empty answer with `timed_out` true. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "shop@example.com",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "signup-test@ephemail.local",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Confirm your email",
                     *           "size": 2048,
                     *           "received_at": "2026-11-21T10:01:00.000Z",
                     *           "read": false,
                     *           "attachments": [],
                     *           "codes": [],
                     *           "links": [],
                     *           "authentication": {
                     *             "spf": {
                     *               "result": "pass",
                     *               "domain": "example.com"
                     *             },
                     *             "dkim": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "selector": "s1"
                     *             },
                     *             "dmarc": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "policy": "reject"
                     *             },
                     *             "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *           }
                     *         }
                     *       ],
                     *       "count": 1,
                     *       "timed_out": false
                     *     }
                     */
                    "application/json": components["schemas"]["MessageWait"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description `service_unavailable`: the server began shutting down during the wait; wait again (another instance may answer), after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": "service_unavailable",
                     *       "message": "The server is shutting down; wait again (another instance may answer)."
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamMessages: {
        parameters: {
            query?: {
                /** @description Replay, oldest first, the messages received strictly after this instant (ISO 8601 date-time with a zone) before streaming new ones. Ignored when `Last-Event-ID` is sent. */
                since?: string;
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
                /** @description Only messages whose text or HTML body contains this text, ignoring case. */
                text?: components["parameters"]["TextFilter"];
            };
            header?: {
                /** @description The id of the last event received (an event-log id, or a message id as earlier versions sent); `EventSource` sends it by itself when it reconnects. Messages logged after that event are replayed first. */
                "Last-Event-ID"?: string;
            };
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream; it does not end on its own. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *
                     *     : connected
                     *
                     *     id: msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                     *     event: message
                     *     data: {"id":"msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19","from":{"address":"shop@example.com","name":"Example Shop"},"to":[{"address":"signup-test@ephemail.local","name":""}],"cc":[],"subject":"Confirm your email","size":2048,"received_at":"2026-11-21T10:01:00.000Z","read":false,"attachments":[]}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSandboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandboxes. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandboxes": [
                     *         {
                     *           "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "name": "staging",
                     *           "created_at": "2026-11-24T10:00:00.000Z",
                     *           "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *           "message_count": 3,
                     *           "smtp": {
                     *             "host": "mail.ephemail.local",
                     *             "port": 2525,
                     *             "tls_port": 4650,
                     *             "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SandboxList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "staging"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSandboxRequest"];
            };
        };
        responses: {
            /** @description The sandbox with its credentials, shown this once. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandbox": {
                     *         "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *         "name": "staging",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *         "message_count": 0,
                     *         "smtp": {
                     *           "host": "mail.ephemail.local",
                     *           "port": 2525,
                     *           "tls_port": 4650,
                     *           "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "password": "eph_smtp_Qm3xT8vK2nR7pL4wZ9cF6hJ1"
                     *         },
                     *         "api_key": "eph_sbx_Vb7nM2kQ9xW4rT6yP1zL8cD3fG5hJ0aS"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandbox": {
                     *         "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *         "name": "staging",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *         "message_count": 3,
                     *         "smtp": {
                     *           "host": "mail.ephemail.local",
                     *           "port": 2525,
                     *           "tls_port": 4650,
                     *           "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SandboxResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Sandbox sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f was deleted with its mail."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox with its new credentials. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandbox": {
                     *         "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *         "name": "staging",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *         "message_count": 0,
                     *         "smtp": {
                     *           "host": "mail.ephemail.local",
                     *           "port": 2525,
                     *           "tls_port": 4650,
                     *           "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "password": "eph_smtp_Qm3xT8vK2nR7pL4wZ9cF6hJ1"
                     *         },
                     *         "api_key": "eph_sbx_Vb7nM2kQ9xW4rT6yP1zL8cD3fG5hJ0aS"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSandboxMessages: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description Only messages received strictly after this instant (ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`). */
                since?: components["parameters"]["SinceFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of message summaries. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "no-reply@shop.example",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "customer@gmail.com",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Your order has shipped",
                     *           "size": 4096,
                     *           "received_at": "2026-11-24T10:01:00.000Z",
                     *           "read": false,
                     *           "attachments": [
                     *             {
                     *               "id": "att_1a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
                     *               "filename": "invoice.pdf",
                     *               "content_type": "application/pdf",
                     *               "size": 10240
                     *             }
                     *           ],
                     *           "codes": [],
                     *           "links": [
                     *             {
                     *               "url": "https://shop.example/orders/1001",
                     *               "text": "Track your order"
                     *             }
                     *           ],
                     *           "authentication": null,
                     *           "sandbox_id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "envelope": {
                     *             "mail_from": "no-reply@shop.example",
                     *             "rcpt_to": [
                     *               "customer@gmail.com",
                     *               "audit@shop.example"
                     *             ]
                     *           },
                     *           "via": "smtp"
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSandboxMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "deleted": 3
                     *     }
                     */
                    "application/json": components["schemas"]["MessagesDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    waitForSandboxMessages: {
        parameters: {
            query?: {
                /** @description Seconds to wait at most: 0 (check once and answer) to 60; 30 by default. */
                timeout?: number;
                /** @description Only messages received strictly after this instant count (ISO 8601 date-time with a zone). Left out, every message of the sandbox counts. */
                since?: string;
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
                /** @description Only messages whose text or HTML body contains this text, ignoring case. */
                text?: components["parameters"]["TextFilter"];
                /** @description How many matching messages to wait for (1 by default). */
                count?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description New messages, or an empty answer with `timed_out` true. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "no-reply@shop.example",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "customer@gmail.com",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Your order has shipped",
                     *           "size": 4096,
                     *           "received_at": "2026-11-24T10:01:00.000Z",
                     *           "read": false,
                     *           "attachments": [
                     *             {
                     *               "id": "att_1a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
                     *               "filename": "invoice.pdf",
                     *               "content_type": "application/pdf",
                     *               "size": 10240
                     *             }
                     *           ],
                     *           "codes": [],
                     *           "links": [
                     *             {
                     *               "url": "https://shop.example/orders/1001",
                     *               "text": "Track your order"
                     *             }
                     *           ],
                     *           "authentication": null,
                     *           "sandbox_id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "envelope": {
                     *             "mail_from": "no-reply@shop.example",
                     *             "rcpt_to": [
                     *               "customer@gmail.com",
                     *               "audit@shop.example"
                     *             ]
                     *           },
                     *           "via": "smtp"
                     *         }
                     *       ],
                     *       "count": 1,
                     *       "timed_out": false
                     *     }
                     */
                    "application/json": components["schemas"]["MessageWait"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description `service_unavailable`: the server began shutting down during the wait; wait again (another instance may answer), after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": "service_unavailable",
                     *       "message": "The server is shutting down; wait again (another instance may answer)."
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamSandboxMessages: {
        parameters: {
            query?: {
                /** @description Replay, oldest first, the messages received strictly after this instant before streaming new ones. Ignored when `Last-Event-ID` is sent. */
                since?: string;
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
                /** @description Only messages whose text or HTML body contains this text, ignoring case. */
                text?: components["parameters"]["TextFilter"];
            };
            header?: {
                /** @description The id of the last event received; `EventSource` sends it by itself when it reconnects. */
                "Last-Event-ID"?: string;
            };
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream; it does not end on its own. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSandboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "no-reply@shop.example",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "customer@gmail.com",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Your order has shipped",
                     *       "text": "Track your order: https://shop.example/orders/1001\n",
                     *       "html": null,
                     *       "size": 4096,
                     *       "received_at": "2026-11-24T10:01:00.000Z",
                     *       "read": false,
                     *       "attachments": [],
                     *       "codes": [],
                     *       "links": [
                     *         {
                     *           "url": "https://shop.example/orders/1001",
                     *           "text": ""
                     *         }
                     *       ],
                     *       "authentication": null,
                     *       "sandbox_id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *       "envelope": {
                     *         "mail_from": "no-reply@shop.example",
                     *         "rcpt_to": [
                     *           "customer@gmail.com"
                     *         ]
                     *       },
                     *       "via": "sendgrid"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSandboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Message msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19 was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateSandboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "read": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMessageRequest"];
            };
        };
        responses: {
            /** @description The message with its new state. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "no-reply@shop.example",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "customer@gmail.com",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Your order has shipped",
                     *       "text": "Track your order: https://shop.example/orders/1001\n",
                     *       "html": null,
                     *       "size": 4096,
                     *       "received_at": "2026-11-24T10:01:00.000Z",
                     *       "read": true,
                     *       "attachments": [],
                     *       "codes": [],
                     *       "links": [
                     *         {
                     *           "url": "https://shop.example/orders/1001",
                     *           "text": ""
                     *         }
                     *       ],
                     *       "authentication": null,
                     *       "sandbox_id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *       "envelope": {
                     *         "mail_from": "no-reply@shop.example",
                     *         "rcpt_to": [
                     *           "customer@gmail.com"
                     *         ]
                     *       },
                     *       "via": "sendgrid"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSandboxMessageRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw source. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "message/rfc822": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSandboxAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
                /**
                 * @description A message id (`msg_…`) from the sandbox's message list.
                 * @example msg_7a1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                messageId: components["parameters"]["SandboxMessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_1a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachmentId: components["parameters"]["SandboxAttachmentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment bytes. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "keys": [
                     *         {
                     *           "id": "key_7e6d5c4b3a29180f7e6d5c4b3a291807",
                     *           "name": "ci-wait",
                     *           "kind": "developer",
                     *           "prefix": "eph_dev_Zx9yW8vU",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "last_used_at": null,
                     *           "revoked_at": null,
                     *           "scopes": [
                     *             "messages:read",
                     *             "addresses:write"
                     *           ],
                     *           "expires_at": "2026-11-21T11:00:00.000Z",
                     *           "restrict": {
                     *             "addresses": [
                     *               "ci-*@ephemail.local"
                     *             ]
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "ci-wait",
                 *       "scopes": [
                 *         "messages:read",
                 *         "addresses:write"
                 *       ],
                 *       "expires_in": 3600,
                 *       "restrict": {
                 *         "addresses": [
                 *           "ci-*@ephemail.local"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateKeyRequest"];
            };
        };
        responses: {
            /** @description The new key, shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "key": "eph_dev_Zx9yW8vUt7sR6qP5oN4mL3kJ2iH1gF0eD9cB8aZ7",
                     *       "api_key": {
                     *         "id": "key_7e6d5c4b3a29180f7e6d5c4b3a291807",
                     *         "name": "ci-wait",
                     *         "kind": "developer",
                     *         "prefix": "eph_dev_Zx9yW8vU",
                     *         "created_at": "2026-11-21T10:00:00.000Z",
                     *         "last_used_at": null,
                     *         "revoked_at": null,
                     *         "scopes": [
                     *           "messages:read",
                     *           "addresses:write"
                     *         ],
                     *         "expires_at": "2026-11-21T11:00:00.000Z",
                     *         "restrict": {
                     *           "addresses": [
                     *             "ci-*@ephemail.local"
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["TooManyKeys"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A key id (`key_…`) from the key list — not the key itself.
                 * @example key_5d4c3b2a19f8e7d6c5b4a39281706f5e
                 */
                key_id: components["parameters"]["KeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhooks. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "webhooks": [
                     *         {
                     *           "id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *           "url": "https://ci.example.com/hooks/ephemail",
                     *           "events": [
                     *             "message.received"
                     *           ],
                     *           "address": "signup-test@ephemail.local",
                     *           "description": "CI signup flow",
                     *           "enabled": true,
                     *           "disabled_reason": null,
                     *           "disabled_at": null,
                     *           "failing_since": null,
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "updated_at": "2026-11-21T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://ci.example.com/hooks/ephemail",
                 *       "events": [
                 *         "message.received"
                 *       ],
                 *       "address": "signup-test@ephemail.local",
                 *       "description": "CI signup flow"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description The webhook was created; `secret` is shown this once. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *       "url": "https://ci.example.com/hooks/ephemail",
                     *       "events": [
                     *         "message.received"
                     *       ],
                     *       "address": "signup-test@ephemail.local",
                     *       "description": "CI signup flow",
                     *       "enabled": true,
                     *       "disabled_reason": null,
                     *       "disabled_at": null,
                     *       "failing_since": null,
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "updated_at": "2026-11-21T10:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6oW1ZjcWlnM="
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["WebhookTargetNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *       "url": "https://ci.example.com/hooks/ephemail",
                     *       "events": [
                     *         "message.received"
                     *       ],
                     *       "address": null,
                     *       "description": null,
                     *       "enabled": false,
                     *       "disabled_reason": "failing",
                     *       "disabled_at": "2026-11-22T10:05:00.000Z",
                     *       "failing_since": "2026-11-21T10:00:05.000Z",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "updated_at": "2026-11-22T10:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Webhook wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e and its 3 deliveries were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "events": [
                 *         "message.received",
                 *         "address.expired"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description The webhook as it is now. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *       "url": "https://ci.example.com/hooks/ephemail",
                     *       "events": [
                     *         "message.received",
                     *         "address.expired"
                     *       ],
                     *       "address": null,
                     *       "description": null,
                     *       "enabled": true,
                     *       "disabled_reason": null,
                     *       "disabled_at": null,
                     *       "failing_since": null,
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "updated_at": "2026-11-22T11:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["WebhookTargetNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "previous_secret_expires_in": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The new secret, shown this once. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "secret": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
                     *       "previous_secret_expires_at": "2026-11-21T11:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only deliveries in this state; all of them when left out. */
                status?: components["parameters"]["WebhookDeliveryStatusQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "deliveries": [
                     *         {
                     *           "id": "whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f",
                     *           "webhook_id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *           "event": "address.deleted",
                     *           "status": "pending",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "next_attempt_at": "2026-11-21T10:01:05.120Z",
                     *           "finished_at": null,
                     *           "payload": {
                     *             "type": "address.deleted",
                     *             "timestamp": "2026-11-21T10:00:00.000Z",
                     *             "data": {
                     *               "address": "signup-test@ephemail.local"
                     *             }
                     *           },
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "attempted_at": "2026-11-21T10:00:00.050Z",
                     *               "status_code": 500,
                     *               "duration_ms": 41,
                     *               "error": "HTTP 500",
                     *               "response_excerpt": "Internal Server Error"
                     *             },
                     *             {
                     *               "attempt": 2,
                     *               "attempted_at": "2026-11-21T10:00:05.300Z",
                     *               "status_code": null,
                     *               "duration_ms": 10002,
                     *               "error": "No answer within 10000 ms",
                     *               "response_excerpt": null
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
                /**
                 * @description A delivery id (`whd_…`) from the delivery log; the same value the receiver got as `webhook-id`.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                delivery_id: components["parameters"]["WebhookDeliveryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued; the delivery log shows the attempts. */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f",
                     *       "webhook_id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *       "event": "address.deleted",
                     *       "status": "pending",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "next_attempt_at": "2026-11-22T12:00:00.000Z",
                     *       "finished_at": null,
                     *       "payload": {
                     *         "type": "address.deleted",
                     *         "timestamp": "2026-11-21T10:00:00.000Z",
                     *         "data": {
                     *           "address": "signup-test@ephemail.local"
                     *         }
                     *       },
                     *       "attempts": []
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            409: components["responses"]["WebhookDisabled"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook id (`wh_…`) from create or list.
                 * @example wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "whd_7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d",
                     *       "webhook_id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *       "event": "webhook.test",
                     *       "status": "pending",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "next_attempt_at": "2026-11-21T10:00:00.000Z",
                     *       "finished_at": null,
                     *       "payload": {
                     *         "type": "webhook.test",
                     *         "timestamp": "2026-11-21T10:00:00.000Z",
                     *         "data": {
                     *           "webhook_id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                     *           "message": "This is a test event from Ephemail."
                     *         }
                     *       },
                     *       "attempts": []
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookNotFound"];
            409: components["responses"]["WebhookDisabled"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": components["schemas"]["SignUpRequest"];
            };
        };
        responses: {
            /** @description The account exists and the session has started. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Session-Cookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "account": {
                     *         "id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *         "email": "ada@example.com",
                     *         "plan": "free",
                     *         "created_at": "2026-11-21T10:00:00.000Z"
                     *       },
                     *       "person": {
                     *         "id": "psn_1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6",
                     *         "email": "ada@example.com"
                     *       },
                     *       "role": "owner",
                     *       "workspaces": [
                     *         {
                     *           "account_id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *           "email": "ada@example.com",
                     *           "plan": "free",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "csrf_token": "8cQ1oV2m0oJ7dXh4k3Zr9wYtLq5bN6aP1sEfGuHjKl0",
                     *       "expires_at": "2026-12-05T10:00:00.000Z",
                     *       "self_serve_plans": true,
                     *       "plan_instructions": null,
                     *       "settings": {
                     *         "mail_domains": [
                     *           "ephemail.local"
                     *         ],
                     *         "address_ttl": 3600,
                     *         "max_address_lifetime": 604800,
                     *         "rate_limits": {
                     *           "tools": 120,
                     *           "verify": 20,
                     *           "developer": 300,
                     *           "window_seconds": 60
                     *         },
                     *         "smtp": {
                     *           "host": "mx.ephemail.local",
                     *           "port": 2525
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["AccountExists"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyAttempts"];
            500: components["responses"]["InternalError"];
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": components["schemas"]["LogInRequest"];
            };
        };
        responses: {
            /** @description Logged in. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Session-Cookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "account": {
                     *         "id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *         "email": "ada@example.com",
                     *         "plan": "developer",
                     *         "created_at": "2026-11-21T10:00:00.000Z"
                     *       },
                     *       "person": {
                     *         "id": "psn_1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6",
                     *         "email": "ada@example.com"
                     *       },
                     *       "role": "owner",
                     *       "workspaces": [
                     *         {
                     *           "account_id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *           "email": "ada@example.com",
                     *           "plan": "developer",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "csrf_token": "8cQ1oV2m0oJ7dXh4k3Zr9wYtLq5bN6aP1sEfGuHjKl0",
                     *       "expires_at": "2026-12-05T10:00:00.000Z",
                     *       "self_serve_plans": true,
                     *       "plan_instructions": null,
                     *       "settings": {
                     *         "mail_domains": [
                     *           "ephemail.local"
                     *         ],
                     *         "address_ttl": 3600,
                     *         "max_address_lifetime": 604800,
                     *         "rate_limits": {
                     *           "tools": 120,
                     *           "verify": 20,
                     *           "developer": 300,
                     *           "window_seconds": 60
                     *         },
                     *         "smtp": {
                     *           "host": "mx.ephemail.local",
                     *           "port": 2525
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidCredentials"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyAttempts"];
            500: components["responses"]["InternalError"];
        };
    };
    logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Session-Cookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Logged out."
                     *     }
                     */
                    "application/json": components["schemas"]["Done"];
                };
            };
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "account": {
                     *         "id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *         "email": "ada@example.com",
                     *         "plan": "free",
                     *         "created_at": "2026-11-21T10:00:00.000Z"
                     *       },
                     *       "person": {
                     *         "id": "psn_1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6",
                     *         "email": "ada@example.com"
                     *       },
                     *       "role": "owner",
                     *       "workspaces": [
                     *         {
                     *           "account_id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *           "email": "ada@example.com",
                     *           "plan": "free",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "csrf_token": "8cQ1oV2m0oJ7dXh4k3Zr9wYtLq5bN6aP1sEfGuHjKl0",
                     *       "expires_at": "2026-12-05T10:00:00.000Z",
                     *       "self_serve_plans": false,
                     *       "plan_instructions": "Plans are changed by the operator of this instance: ask them to run `npm run admin -- account plan --email ada@example.com --plan developer`.",
                     *       "settings": {
                     *         "mail_domains": [
                     *           "ephemail.local"
                     *         ],
                     *         "address_ttl": 3600,
                     *         "max_address_lifetime": 604800,
                     *         "rate_limits": {
                     *           "tools": 120,
                     *           "verify": 20,
                     *           "developer": 300,
                     *           "window_seconds": 60
                     *         },
                     *         "smtp": {
                     *           "host": "mx.ephemail.local",
                     *           "port": 2525
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            401: components["responses"]["SessionRequired"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    changePlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "plan": "developer"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePlanRequest"];
            };
        };
        responses: {
            /** @description The plan now in force, as the whole session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "account": {
                     *         "id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *         "email": "ada@example.com",
                     *         "plan": "developer",
                     *         "created_at": "2026-11-21T10:00:00.000Z"
                     *       },
                     *       "person": {
                     *         "id": "psn_1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6",
                     *         "email": "ada@example.com"
                     *       },
                     *       "role": "owner",
                     *       "workspaces": [
                     *         {
                     *           "account_id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0",
                     *           "email": "ada@example.com",
                     *           "plan": "developer",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "csrf_token": "8cQ1oV2m0oJ7dXh4k3Zr9wYtLq5bN6aP1sEfGuHjKl0",
                     *       "expires_at": "2026-12-05T10:00:00.000Z",
                     *       "self_serve_plans": true,
                     *       "plan_instructions": null,
                     *       "settings": {
                     *         "mail_domains": [
                     *           "ephemail.local"
                     *         ],
                     *         "address_ttl": 3600,
                     *         "max_address_lifetime": 604800,
                     *         "rate_limits": {
                     *           "tools": 120,
                     *           "verify": 20,
                     *           "developer": 300,
                     *           "window_seconds": 60
                     *         },
                     *         "smtp": {
                     *           "host": "mx.ephemail.local",
                     *           "port": 2525
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Only keys of this kind; both kinds when left out. */
                kind?: components["parameters"]["KeyKindQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "keys": [
                     *         {
                     *           "id": "key_5d4c3b2a19f8e7d6c5b4a39281706f5e",
                     *           "name": "CI",
                     *           "kind": "tools",
                     *           "prefix": "eph_tools_Ab3dE5gH",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "last_used_at": "2026-11-21T10:05:00.000Z",
                     *           "revoked_at": null,
                     *           "scopes": null,
                     *           "expires_at": null,
                     *           "restrict": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "tools",
                 *       "name": "CI"
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The new key, shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "key": "eph_tools_Ab3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA3bC5dE7f",
                     *       "api_key": {
                     *         "id": "key_5d4c3b2a19f8e7d6c5b4a39281706f5e",
                     *         "name": "CI",
                     *         "kind": "tools",
                     *         "prefix": "eph_tools_Ab3dE5gH",
                     *         "created_at": "2026-11-21T10:00:00.000Z",
                     *         "last_used_at": null,
                     *         "revoked_at": null,
                     *         "scopes": null,
                     *         "expires_at": null,
                     *         "restrict": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["TooManyKeys"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A key id (`key_…`) from the key list — not the key itself.
                 * @example key_5d4c3b2a19f8e7d6c5b4a39281706f5e
                 */
                key_id: components["parameters"]["KeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "api_key": {
                     *         "id": "key_5d4c3b2a19f8e7d6c5b4a39281706f5e",
                     *         "name": "CI",
                     *         "kind": "tools",
                     *         "prefix": "eph_tools_Ab3dE5gH",
                     *         "created_at": "2026-11-21T10:00:00.000Z",
                     *         "last_used_at": "2026-11-21T10:05:00.000Z",
                     *         "revoked_at": "2026-11-21T11:00:00.000Z",
                     *         "scopes": null,
                     *         "expires_at": null,
                     *         "restrict": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RevokedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members and invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "members": [
                     *         {
                     *           "id": "psn_1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6",
                     *           "email": "ada@example.com",
                     *           "role": "owner",
                     *           "joined_at": "2026-11-21T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "invitations": [
                     *         {
                     *           "id": "inv_9f8e7d6c5b4a39281706f5e4d3c2b1a0",
                     *           "email": "grace@example.com",
                     *           "role": "member",
                     *           "created_at": "2026-11-24T10:00:00.000Z",
                     *           "expires_at": "2026-12-01T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "role": "member"
                 *     }
                 */
                "application/json": components["schemas"]["CreateInvitationRequest"];
            };
        };
        responses: {
            /** @description The invitation and its link, shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "invitation": {
                     *         "id": "inv_9f8e7d6c5b4a39281706f5e4d3c2b1a0",
                     *         "email": "grace@example.com",
                     *         "role": "member",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "expires_at": "2026-12-01T10:00:00.000Z"
                     *       },
                     *       "token": "Zm9vYmFyYmF6cXV4cXV1eHF1dXo0MjQyNDI0MjQyNDI",
                     *       "url": "http://localhost:3000/invite#Zm9vYmFyYmF6cXV4cXV1eHF1dXo0MjQyNDI0MjQyNDI"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedInvitation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An invitation id (`inv_…`). */
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's person id (`psn_…`). */
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member's person id (`psn_…`). */
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMemberRequest"];
            };
        };
        responses: {
            /** @description The member with their new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Always true.
                         * @constant
                         */
                        success: true;
                        member: components["schemas"]["Member"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "Zm9vYmFyYmF6cXV4cXV1eHF1dXo0MjQyNDI0MjQyNDI"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptInvitationRequest"];
            };
        };
        responses: {
            /** @description Joined; the session, still in its workspace, lists the new one. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Session-Cookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    switchWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "account_id": "acc_0f9e8d7c6b5a49382716f5e4d3c2b1a0"
                 *     }
                 */
                "application/json": components["schemas"]["SwitchWorkspaceRequest"];
            };
        };
        responses: {
            /** @description Switched. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Session-Cookie"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listDashboardSandboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandboxes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandboxes": [
                     *         {
                     *           "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "name": "staging",
                     *           "created_at": "2026-11-24T10:00:00.000Z",
                     *           "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *           "message_count": 3,
                     *           "smtp": {
                     *             "host": "mail.ephemail.local",
                     *             "port": 2525,
                     *             "tls_port": 4650,
                     *             "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SandboxList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createDashboardSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "staging"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSandboxRequest"];
            };
        };
        responses: {
            /** @description The sandbox with its credentials, shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandbox": {
                     *         "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *         "name": "staging",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *         "message_count": 0,
                     *         "smtp": {
                     *           "host": "mail.ephemail.local",
                     *           "port": 2525,
                     *           "tls_port": 4650,
                     *           "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "password": "eph_smtp_Qm3xT8vK2nR7pL4wZ9cF6hJ1"
                     *         },
                     *         "api_key": "eph_sbx_Vb7nM2kQ9xW4rT6yP1zL8cD3fG5hJ0aS"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDashboardSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Sandbox sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f was deleted with its mail."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateDashboardSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A sandbox id (`sbx_…`).
                 * @example sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f
                 */
                id: components["parameters"]["SandboxIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox with its new credentials. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sandbox": {
                     *         "id": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *         "name": "staging",
                     *         "created_at": "2026-11-24T10:00:00.000Z",
                     *         "mailbox": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f@sandbox.invalid",
                     *         "message_count": 0,
                     *         "smtp": {
                     *           "host": "mail.ephemail.local",
                     *           "port": 2525,
                     *           "tls_port": 4650,
                     *           "username": "sbx_2c9d4e1f0a7b4c6d8e2f1a3b5c7d9e0f",
                     *           "password": "eph_smtp_Qm3xT8vK2nR7pL4wZ9cF6hJ1"
                     *         },
                     *         "api_key": "eph_sbx_Vb7nM2kQ9xW4rT6yP1zL8cD3fG5hJ0aS"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description How many UTC days to report, ending today (today included). */
                days?: components["parameters"]["UsageDays"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "from": "2026-11-20",
                     *       "to": "2026-11-21",
                     *       "days": [
                     *         "2026-11-20",
                     *         "2026-11-21"
                     *       ],
                     *       "keys": [
                     *         {
                     *           "id": "key_5d4c3b2a19f8e7d6c5b4a39281706f5e",
                     *           "name": "CI",
                     *           "kind": "tools",
                     *           "prefix": "eph_tools_Ab3dE5gH",
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "endpoints": [
                     *         {
                     *           "operation_id": "calculateAge",
                     *           "method": "GET",
                     *           "path": "/api/tools/age-calculator"
                     *         }
                     *       ],
                     *       "rows": [
                     *         {
                     *           "day": "2026-11-21",
                     *           "key_id": "key_5d4c3b2a19f8e7d6c5b4a39281706f5e",
                     *           "operation_id": "calculateAge",
                     *           "requests": 42,
                     *           "rate_limited": 2
                     *         }
                     *       ],
                     *       "totals": {
                     *         "requests": 42,
                     *         "rate_limited": 2
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UsageReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listDashboardAddresses: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of addresses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "addresses": [
                     *         {
                     *           "email": "quiet-otter-4821@ephemail.local",
                     *           "domain": "ephemail.local",
                     *           "prefix": "quiet-otter-4821",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "expires_at": "2026-11-21T11:00:00.000Z",
                     *           "expired": false,
                     *           "message_count": 2
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AddressList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createDashboardAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "prefix": "signup-test",
                 *       "expires_in": 600
                 *     }
                 */
                "application/json": components["schemas"]["CreateAddressRequest"];
            };
        };
        responses: {
            /** @description The address was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "email": "signup-test@ephemail.local",
                     *       "domain": "ephemail.local",
                     *       "prefix": "signup-test",
                     *       "expires_at": "2026-11-21T10:10:00.000Z",
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedAddress"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDashboardAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Address signup-test@ephemail.local and its 2 messages were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    extendDashboardAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expires_in": 3600
                 *     }
                 */
                "application/json": components["schemas"]["ExtendAddressRequest"];
            };
        };
        responses: {
            /** @description The new expiry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "new_expiry": "2026-11-21T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Extended"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listDashboardMessages: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only messages whose subject contains this text, ignoring case. */
                subject?: components["parameters"]["SubjectFilter"];
                /** @description Only messages whose sender address or display name contains this text, ignoring case. */
                from?: components["parameters"]["FromFilter"];
                /** @description Only messages received strictly after this instant (ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`). */
                since?: components["parameters"]["SinceFilter"];
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of message summaries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "shop@example.com",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "signup-test@ephemail.local",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Confirm your email",
                     *           "size": 2048,
                     *           "received_at": "2026-11-21T10:01:00.000Z",
                     *           "read": false,
                     *           "attachments": [],
                     *           "codes": [],
                     *           "links": [],
                     *           "authentication": {
                     *             "spf": {
                     *               "result": "pass",
                     *               "domain": "example.com"
                     *             },
                     *             "dkim": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "selector": "s1"
                     *             },
                     *             "dmarc": {
                     *               "result": "pass",
                     *               "domain": "example.com",
                     *               "policy": "reject"
                     *             },
                     *             "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *           }
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAllDashboardMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "The 3 messages of signup-test@ephemail.local were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDashboardMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "shop@example.com",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Confirm your email",
                     *       "text": "Your code is 123456.\n",
                     *       "html": "<p>Your code is <b>123456</b>.</p>",
                     *       "size": 2048,
                     *       "received_at": "2026-11-21T10:01:00.000Z",
                     *       "read": false,
                     *       "attachments": [
                     *         {
                     *           "id": "att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
                     *           "filename": "invoice.pdf",
                     *           "content_type": "application/pdf",
                     *           "size": 10240
                     *         }
                     *       ],
                     *       "codes": [
                     *         "123456"
                     *       ],
                     *       "links": [],
                     *       "authentication": {
                     *         "spf": {
                     *           "result": "pass",
                     *           "domain": "example.com"
                     *         },
                     *         "dkim": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "selector": "s1"
                     *         },
                     *         "dmarc": {
                     *           "result": "pass",
                     *           "domain": "example.com",
                     *           "policy": "reject"
                     *         },
                     *         "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDashboardMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Message msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19 was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateDashboardMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "read": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMessageRequest"];
            };
        };
        responses: {
            /** @description The message with its new state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "shop@example.com",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Confirm your email",
                     *       "text": "Your code is 123456.\n",
                     *       "html": "<p>Your code is <b>123456</b>.</p>",
                     *       "size": 2048,
                     *       "received_at": "2026-11-21T10:01:00.000Z",
                     *       "read": true,
                     *       "attachments": [],
                     *       "codes": [
                     *         "123456"
                     *       ],
                     *       "links": [],
                     *       "authentication": null
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDashboardMessageRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "message/rfc822": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDashboardAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment bytes. */
            200: {
                headers: {
                    /** @description Always `attachment` with a safe file name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDashboardMessageStructure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The headers and the inline parts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "headers": [
                     *         {
                     *           "name": "Received",
                     *           "value": "from shop.example.com by mx.ephemail.local with ESMTP; Sat, 21 Nov 2026 10:01:00 +0000"
                     *         },
                     *         {
                     *           "name": "From",
                     *           "value": "Example Shop <shop@example.com>"
                     *         },
                     *         {
                     *           "name": "Subject",
                     *           "value": "Confirm your email"
                     *         },
                     *         {
                     *           "name": "Content-Type",
                     *           "value": "multipart/related; boundary=\"b1\""
                     *         }
                     *       ],
                     *       "inline": [
                     *         {
                     *           "content_id": "logo@shop",
                     *           "attachment_id": "att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MessageStructure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    checkDashboardMessage: {
        parameters: {
            query?: {
                /** @description `true`: run the checks that depend on the outside world again — the spam score, and the links when `links=true` — instead of answering the stored ones. */
                refresh?: components["parameters"]["ChecksRefresh"];
                /** @description `true`: fetch the links and images (the first time, or again with `refresh=true`). Left out, links checked earlier are answered as stored and unchecked ones are not fetched. */
                links?: components["parameters"]["ChecksLinks"];
                /** @description Only these client families in `html_compatibility` (repeat the parameter for several, e.g. `client=gmail&client=outlook`); all of them when left out. */
                client?: components["parameters"]["ChecksClient"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageChecksResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDashboardMessagePreview: {
        parameters: {
            query?: {
                /** @description Viewport width in CSS pixels, and the width of the PNG: 375 (phone), 768 (tablet) or 1280 (desktop). */
                width?: components["parameters"]["PreviewWidth"];
                /** @description `true`: render with `prefers-color-scheme: dark`. */
                dark?: components["parameters"]["PreviewDark"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rendered message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PreviewUnavailable"];
        };
    };
    listDashboardInbox: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only messages whose subject, sender (address or name) or body contains this text, ignoring case. */
                q?: string;
                /** @description `true`: only unread messages; `false`: only read ones; left out: both. */
                unread?: components["parameters"]["UnreadFilter"];
                /** @description `true`: only messages with attachments; `false`: only messages without; left out: both. */
                has_attachments?: boolean;
                /** @description Only the messages of this address of yours (matched case-insensitively). */
                address?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "preview": "Your code is 123456.",
                     *           "message": {
                     *             "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *             "from": {
                     *               "address": "shop@example.com",
                     *               "name": "Example Shop"
                     *             },
                     *             "to": [
                     *               {
                     *                 "address": "signup-test@ephemail.local",
                     *                 "name": ""
                     *               }
                     *             ],
                     *             "cc": [],
                     *             "subject": "Confirm your email",
                     *             "size": 2048,
                     *             "received_at": "2026-11-21T10:01:00.000Z",
                     *             "read": false,
                     *             "attachments": [],
                     *             "codes": [
                     *               "123456"
                     *             ],
                     *             "links": [],
                     *             "authentication": null
                     *           }
                     *         }
                     *       ],
                     *       "count": 1,
                     *       "unread": 1,
                     *       "mailboxes": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "total": 1,
                     *           "unread": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardInbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateDashboardMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "read",
                 *       "ids": [
                 *         "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                 *         "msg_0a1b2c3d4e5f60718293a4b5c6d7e8f9"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkMessagesRequest"];
            };
        };
        responses: {
            /** @description What was done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "action": "read",
                     *       "affected": 2,
                     *       "not_found": [],
                     *       "message": "2 messages marked read."
                     *     }
                     */
                    "application/json": components["schemas"]["BulkMessagesResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    streamDashboardEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The id of the last event received; `EventSource` sends it by itself when it reconnects. The account's messages logged after it are replayed first. */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream; it does not end on its own. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *
                     *     : connected
                     *
                     *     id: 4711
                     *     event: message
                     *     data: {"address":"signup-test@ephemail.local","message":{"id":"msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19","from":{"address":"shop@example.com","name":"Example Shop"},"to":[],"cc":[],"subject":"Confirm your email","size":2048,"received_at":"2026-11-21T10:01:00.000Z","read":false,"attachments":[],"codes":[],"links":[]}}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SessionRequired"];
            403: components["responses"]["DashboardForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    sendSendGridMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "personalizations": [
                 *         {
                 *           "to": [
                 *             {
                 *               "email": "customer@gmail.com",
                 *               "name": "Ada"
                 *             }
                 *           ],
                 *           "bcc": [
                 *             {
                 *               "email": "audit@shop.example"
                 *             }
                 *           ]
                 *         }
                 *       ],
                 *       "from": {
                 *         "email": "no-reply@shop.example",
                 *         "name": "Shop"
                 *       },
                 *       "reply_to": {
                 *         "email": "support@shop.example"
                 *       },
                 *       "subject": "Your order has shipped",
                 *       "content": [
                 *         {
                 *           "type": "text/plain",
                 *           "value": "Track it at https://shop.example/orders/1001"
                 *         },
                 *         {
                 *           "type": "text/html",
                 *           "value": "<p>Track it <a href=\"https://shop.example/orders/1001\">here</a></p>"
                 *         }
                 *       ],
                 *       "attachments": [
                 *         {
                 *           "content": "aW52b2ljZSAxMDAx",
                 *           "filename": "invoice.txt",
                 *           "type": "text/plain"
                 *         }
                 *       ],
                 *       "categories": [
                 *         "orders"
                 *       ],
                 *       "custom_args": {
                 *         "order": "1001"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SendGridMail"];
            };
        };
        responses: {
            /** @description Captured into the sandbox (no body, as SendGrid answers). */
            202: {
                headers: {
                    /** @description The id of the first captured message (`msg_…`), readable under the sandbox's messages. */
                    "X-Message-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["SendGridFailure"];
            401: components["responses"]["SendGridFailure"];
            413: components["responses"]["SendGridFailure"];
            415: components["responses"]["SendGridFailure"];
            429: components["responses"]["SendGridFailure"];
            500: components["responses"]["SendGridFailure"];
            503: components["responses"]["SendGridFailure"];
        };
    };
    sendPostmarkEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "From": "Shop <no-reply@shop.example>",
                 *       "To": "customer@gmail.com",
                 *       "Bcc": "audit@shop.example",
                 *       "Subject": "Your order has shipped",
                 *       "TextBody": "Track it at https://shop.example/orders/1001",
                 *       "HtmlBody": "<p>Track it <a href=\"https://shop.example/orders/1001\">here</a></p>",
                 *       "Tag": "orders",
                 *       "Metadata": {
                 *         "order": "1001"
                 *       },
                 *       "Attachments": [
                 *         {
                 *           "Name": "invoice.txt",
                 *           "Content": "aW52b2ljZSAxMDAx",
                 *           "ContentType": "text/plain"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PostmarkEmail"];
            };
        };
        responses: {
            /** @description Captured into the sandbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "To": "customer@gmail.com",
                     *       "SubmittedAt": "2026-11-24T10:00:00.000Z",
                     *       "MessageID": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "ErrorCode": 0,
                     *       "Message": "OK"
                     *     }
                     */
                    "application/json": components["schemas"]["PostmarkSendResult"];
                };
            };
            400: components["responses"]["PostmarkFailure"];
            401: components["responses"]["PostmarkFailure"];
            413: components["responses"]["PostmarkFailure"];
            415: components["responses"]["PostmarkFailure"];
            422: components["responses"]["PostmarkFailure"];
            429: components["responses"]["PostmarkFailure"];
            500: components["responses"]["PostmarkFailure"];
            503: components["responses"]["PostmarkFailure"];
        };
    };
    sendPostmarkBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "From": "no-reply@shop.example",
                 *         "To": "ada@gmail.com",
                 *         "Subject": "Welcome",
                 *         "TextBody": "Hello Ada"
                 *       },
                 *       {
                 *         "From": "no-reply@shop.example",
                 *         "To": "bob@gmail.com",
                 *         "Subject": "Welcome",
                 *         "TextBody": "Hello Bob"
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["PostmarkEmail"][];
            };
        };
        responses: {
            /** @description One result per message, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "To": "ada@gmail.com",
                     *         "SubmittedAt": "2026-11-24T10:00:00.000Z",
                     *         "MessageID": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *         "ErrorCode": 0,
                     *         "Message": "OK"
                     *       },
                     *       {
                     *         "To": "bob@gmail.com",
                     *         "SubmittedAt": "2026-11-24T10:00:00.000Z",
                     *         "MessageID": "msg_5a2d3b0c1f6e5d4c9b8a7f6e5d4c3b2a",
                     *         "ErrorCode": 0,
                     *         "Message": "OK"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PostmarkSendResult"][];
                };
            };
            400: components["responses"]["PostmarkFailure"];
            401: components["responses"]["PostmarkFailure"];
            413: components["responses"]["PostmarkFailure"];
            415: components["responses"]["PostmarkFailure"];
            422: components["responses"]["PostmarkFailure"];
            429: components["responses"]["PostmarkFailure"];
            500: components["responses"]["PostmarkFailure"];
            503: components["responses"]["PostmarkFailure"];
        };
    };
    sendResendEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resend's idempotency key: a repeat within 24 hours with the same key and body answers the first answer and captures nothing new. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "Shop <no-reply@shop.example>",
                 *       "to": [
                 *         "customer@gmail.com"
                 *       ],
                 *       "bcc": "audit@shop.example",
                 *       "subject": "Your order has shipped",
                 *       "html": "<p>Track it <a href=\"https://shop.example/orders/1001\">here</a></p>",
                 *       "text": "Track it at https://shop.example/orders/1001",
                 *       "tags": [
                 *         {
                 *           "name": "category",
                 *           "value": "orders"
                 *         }
                 *       ],
                 *       "attachments": [
                 *         {
                 *           "filename": "invoice.txt",
                 *           "content": "aW52b2ljZSAxMDAx"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ResendEmail"];
            };
        };
        responses: {
            /** @description Captured into the sandbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19"
                     *     }
                     */
                    "application/json": components["schemas"]["ResendEmailId"];
                };
            };
            400: components["responses"]["ResendFailure"];
            401: components["responses"]["ResendFailure"];
            403: components["responses"]["ResendFailure"];
            409: components["responses"]["ResendFailure"];
            413: components["responses"]["ResendFailure"];
            415: components["responses"]["ResendFailure"];
            422: components["responses"]["ResendFailure"];
            429: components["responses"]["ResendFailure"];
            500: components["responses"]["ResendFailure"];
            503: components["responses"]["ResendFailure"];
        };
    };
    sendResendBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resend's idempotency key: a repeat within 24 hours with the same key and body answers the first answer and captures nothing new. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKeyHeader"];
                /** @description `strict` (default): all or nothing. `permissive`: capture the valid emails, list the others in `errors`. */
                "x-batch-validation"?: "strict" | "permissive";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "from": "no-reply@shop.example",
                 *         "to": "ada@gmail.com",
                 *         "subject": "Welcome",
                 *         "text": "Hello Ada"
                 *       },
                 *       {
                 *         "from": "no-reply@shop.example",
                 *         "to": "bob@gmail.com",
                 *         "subject": "Welcome",
                 *         "text": "Hello Bob"
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["ResendEmail"][];
            };
        };
        responses: {
            /** @description The captured emails' ids, in order (and, when permissive, the refused ones). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19"
                     *         },
                     *         {
                     *           "id": "msg_5a2d3b0c1f6e5d4c9b8a7f6e5d4c3b2a"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ResendBatchResult"];
                };
            };
            400: components["responses"]["ResendFailure"];
            401: components["responses"]["ResendFailure"];
            403: components["responses"]["ResendFailure"];
            409: components["responses"]["ResendFailure"];
            413: components["responses"]["ResendFailure"];
            415: components["responses"]["ResendFailure"];
            422: components["responses"]["ResendFailure"];
            429: components["responses"]["ResendFailure"];
            500: components["responses"]["ResendFailure"];
            503: components["responses"]["ResendFailure"];
        };
    };
    sendMailgunMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Your sending domain as the application names it (any name; echoed in the message id). */
                domain: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "Shop <no-reply@shop.example>",
                 *       "to": "customer@gmail.com",
                 *       "bcc": "audit@shop.example",
                 *       "subject": "Your order has shipped",
                 *       "text": "Track it at https://shop.example/orders/1001",
                 *       "o:tag": "orders"
                 *     }
                 */
                "multipart/form-data": components["schemas"]["MailgunMessage"];
                /**
                 * @example {
                 *       "from": "Shop <no-reply@shop.example>",
                 *       "to": "customer@gmail.com",
                 *       "subject": "Your order has shipped",
                 *       "text": "Track it at https://shop.example/orders/1001"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["MailgunMessage"];
            };
        };
        responses: {
            /** @description Captured into the sandbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "<msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19@mg.shop.example>",
                     *       "message": "Queued. Thank you."
                     *     }
                     */
                    "application/json": components["schemas"]["MailgunQueued"];
                };
            };
            400: components["responses"]["MailgunFailure"];
            401: components["responses"]["MailgunFailure"];
            413: components["responses"]["MailgunFailure"];
            415: components["responses"]["MailgunFailure"];
            429: components["responses"]["MailgunFailure"];
            500: components["responses"]["MailgunFailure"];
            503: components["responses"]["MailgunFailure"];
        };
    };
    sendSesEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "FromEmailAddress": "Shop <no-reply@shop.example>",
                 *       "Destination": {
                 *         "ToAddresses": [
                 *           "customer@gmail.com"
                 *         ],
                 *         "BccAddresses": [
                 *           "audit@shop.example"
                 *         ]
                 *       },
                 *       "Content": {
                 *         "Simple": {
                 *           "Subject": {
                 *             "Data": "Your order has shipped"
                 *           },
                 *           "Body": {
                 *             "Text": {
                 *               "Data": "Track it at https://shop.example/orders/1001"
                 *             }
                 *           },
                 *           "Attachments": [
                 *             {
                 *               "FileName": "invoice.txt",
                 *               "RawContent": "aW52b2ljZSAxMDAx",
                 *               "ContentType": "text/plain"
                 *             }
                 *           ]
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SesSendEmailRequest"];
            };
        };
        responses: {
            /** @description Captured into the sandbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "MessageId": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19"
                     *     }
                     */
                    "application/json": components["schemas"]["SesSendEmailResult"];
                };
            };
            400: components["responses"]["SesFailure"];
            401: components["responses"]["SesFailure"];
            403: components["responses"]["SesFailure"];
            413: components["responses"]["SesFailure"];
            415: components["responses"]["SesFailure"];
            429: components["responses"]["SesFailure"];
            500: components["responses"]["SesFailure"];
            503: components["responses"]["SesFailure"];
        };
    };
    sendSesQuery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Action": "SendEmail",
                 *       "Version": "2010-12-01",
                 *       "Source": "Shop <no-reply@shop.example>",
                 *       "Destination.ToAddresses.member.1": "customer@gmail.com",
                 *       "Message.Subject.Data": "Your order has shipped",
                 *       "Message.Body.Text.Data": "Track it at https://shop.example/orders/1001"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["SesQueryRequest"];
            };
        };
        responses: {
            /** @description Captured into the sandbox. */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `RequestId`. */
                    "x-amzn-RequestId"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example <SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult><MessageId>msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19</MessageId></SendEmailResult><ResponseMetadata><RequestId>req-1</RequestId></ResponseMetadata></SendEmailResponse> */
                    "text/xml": string;
                };
            };
            400: components["responses"]["SesQueryFailure"];
            401: components["responses"]["SesQueryFailure"];
            403: components["responses"]["SesQueryFailure"];
            413: components["responses"]["SesQueryFailure"];
            415: components["responses"]["SesQueryFailure"];
            429: components["responses"]["SesQueryFailure"];
            500: components["responses"]["SesQueryFailure"];
            503: components["responses"]["SesQueryFailure"];
        };
    };
    webhookMessageReceived: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
                 * @example 1795255200
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
                 *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
                 *     rotation (new secret first). A request is genuine when any one of them matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "message.received",
                 *       "timestamp": "2026-11-21T10:01:00.000Z",
                 *       "data": {
                 *         "address": "signup-test@ephemail.local",
                 *         "message": {
                 *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                 *           "from": {
                 *             "address": "shop@example.com",
                 *             "name": "Example Shop"
                 *           },
                 *           "to": [
                 *             {
                 *               "address": "signup-test@ephemail.local",
                 *               "name": ""
                 *             }
                 *           ],
                 *           "cc": [],
                 *           "subject": "Confirm your email",
                 *           "size": 2048,
                 *           "received_at": "2026-11-21T10:01:00.000Z",
                 *           "read": false,
                 *           "attachments": [],
                 *           "codes": [],
                 *           "links": [],
                 *           "authentication": {
                 *             "spf": {
                 *               "result": "pass",
                 *               "domain": "example.com"
                 *             },
                 *             "dkim": {
                 *               "result": "pass",
                 *               "domain": "example.com",
                 *               "selector": "s1"
                 *             },
                 *             "dmarc": {
                 *               "result": "pass",
                 *               "domain": "example.com",
                 *               "policy": "reject"
                 *             },
                 *             "header": "Authentication-Results: mail.ephemail.local; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com"
                 *           }
                 *         },
                 *         "links": {
                 *           "message": "https://mail.example.com/api/v1/email/signup-test@ephemail.local/messages/msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                 *           "raw": "https://mail.example.com/api/v1/email/signup-test@ephemail.local/messages/msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19/raw"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookMessageReceivedEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx within `WEBHOOK_TIMEOUT_MS` ends the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received; anything but 2xx (redirects included), a timeout or a connection error is retried on the schedule. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAddressCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
                 * @example 1795255200
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
                 *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
                 *     rotation (new secret first). A request is genuine when any one of them matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "address.created",
                 *       "timestamp": "2026-11-21T10:00:00.000Z",
                 *       "data": {
                 *         "address": "signup-test@ephemail.local",
                 *         "expires_at": "2026-11-21T11:00:00.000Z",
                 *         "links": {
                 *           "address": "/api/v1/email/signup-test@ephemail.local",
                 *           "messages": "/api/v1/email/signup-test@ephemail.local/messages"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAddressCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received; retried on the schedule. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAddressExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
                 * @example 1795255200
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
                 *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
                 *     rotation (new secret first). A request is genuine when any one of them matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "address.expired",
                 *       "timestamp": "2026-11-21T11:00:00.000Z",
                 *       "data": {
                 *         "address": "signup-test@ephemail.local",
                 *         "expires_at": "2026-11-21T11:00:00.000Z",
                 *         "links": {
                 *           "address": "/api/v1/email/signup-test@ephemail.local",
                 *           "messages": "/api/v1/email/signup-test@ephemail.local/messages"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAddressExpiredEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received; retried on the schedule. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAddressDeleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
                 * @example 1795255200
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
                 *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
                 *     rotation (new secret first). A request is genuine when any one of them matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "address.deleted",
                 *       "timestamp": "2026-11-21T10:30:00.000Z",
                 *       "data": {
                 *         "address": "signup-test@ephemail.local"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAddressDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received; retried on the schedule. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The delivery id (`whd_…`), the same on every retry and redelivery of it; receivers drop duplicates by it.
                 * @example whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Standard Webhooks libraries refuse it more than 5 minutes away from their clock (replay protection).
                 * @example 1795255200
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of
                 *     the secret after `whsec_`. Space-separated, one per secret in force: two during the grace period after a
                 *     rotation (new secret first). A request is genuine when any one of them matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "webhook.test",
                 *       "timestamp": "2026-11-21T10:00:00.000Z",
                 *       "data": {
                 *         "webhook_id": "wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e",
                 *         "message": "This is a test event from Ephemail."
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received; retried on the schedule. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
