// Giving memory back for src/platform/memory.ts, neither half of which JavaScript can reach: V8's collection for
// memory pressure on the calling thread's isolate, and glibc's malloc_trim, which returns to the system the free pages
// of every arena, the middle of the heap included (free() alone gives back only the top of it). Built at install by
// node-gyp (package.json, "install"); a server without it gives nothing back and says so.
#include <node.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

// collect(): V8 collects everything it can and hands its free pages back, at once, on this thread.
void Collect(const v8::FunctionCallbackInfo<v8::Value>& info) {
  info.GetIsolate()->MemoryPressureNotification(v8::MemoryPressureLevel::kCritical);
}

// trim(): true when memory went back to the system (always false where there is no glibc).
void Trim(const v8::FunctionCallbackInfo<v8::Value>& info) {
  bool trimmed = false;
#if defined(__GLIBC__)
  trimmed = malloc_trim(0) != 0;
#endif
  info.GetReturnValue().Set(trimmed);
}

}  // namespace

// Context-aware: loadable on worker threads and in several contexts of one process (vitest).
NODE_MODULE_INIT(/* exports, module, context */) {
  NODE_SET_METHOD(exports, "collect", Collect);
  NODE_SET_METHOD(exports, "trim", Trim);
}
