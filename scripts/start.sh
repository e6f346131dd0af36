#!/bin/sh
# `npm start` (after `npm run build`): runs the built server, dist/main.js, with the allocator and the Node flags it
# was measured with (README, "Deployment"; BENCHMARKS.md, "RSS after 20 000 messages").
#
#   sh scripts/start.sh [NODE_FLAG ...] [BUNDLE]     (BUNDLE defaults to dist/main.js)
#
# MEMORY_ALLOCATOR picks the C allocator: `auto` (the default) uses jemalloc when libjemalloc.so.2 is installed
# (Debian and Ubuntu: `apt-get install libjemalloc2`) and glibc's otherwise; `jemalloc` refuses to start without it;
# `glibc` keeps glibc's. glibc keeps what a burst of mail freed in the middle of its heap; jemalloc, with the decay
# below, hands it back to the system within a second or two.
set -eu

allocator="${MEMORY_ALLOCATOR:-auto}"
case "$allocator" in
  auto | jemalloc | glibc) ;;
  *)
    echo "MEMORY_ALLOCATOR must be auto, jemalloc or glibc, not '$allocator'" >&2
    exit 64
    ;;
esac

jemalloc=""
if [ "$allocator" != glibc ]; then
  # The dynamic linker's cache first, then the usual places on a system without ldconfig in PATH.
  jemalloc="$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true) | awk '/libjemalloc\.so\.2 / { print $NF; exit }')"
  if [ -z "$jemalloc" ]; then
    for candidate in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
      if [ -f "$candidate" ]; then
        jemalloc="$candidate"
        break
      fi
    done
  fi
  if [ -z "$jemalloc" ] && [ "$allocator" = jemalloc ]; then
    echo "MEMORY_ALLOCATOR=jemalloc, but libjemalloc.so.2 is not installed (Debian and Ubuntu: apt-get install libjemalloc2)" >&2
    exit 69
  fi
fi

if [ -n "$jemalloc" ]; then
  LD_PRELOAD="$jemalloc${LD_PRELOAD:+ $LD_PRELOAD}"
  # Two arenas as glibc's below; freed pages go back to the system after a second (dirty) and at once from there
  # (muzzy), purged by jemalloc's own background thread rather than by whichever thread frees next.
  MALLOC_CONF="${MALLOC_CONF:-narenas:2,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0}"
  export LD_PRELOAD MALLOC_CONF
else
  # glibc: at most two arenas instead of eight per core.
  MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
  export MALLOC_ARENA_MAX
fi

if [ $# -eq 0 ]; then
  set -- dist/main.js
fi
# V8's young generation stops growing at 4 MiB semi-spaces instead of 16.
exec node --enable-source-maps --max-semi-space-size=4 "$@"
