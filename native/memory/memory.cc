// Gives memory back to the operating system (src/platform/memory.ts): V8's collection for memory pressure on the
// calling thread's isolate, then glibc's malloc_trim, which returns the free pages of every arena, the middle of the
// heap included (free() alone returns only the top). Neither V8's nor glibc's call is reachable from JavaScript.
// Built at install by node-gyp (package.json, "install"); a server without it gives nothing back and says so.
#include <node.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

// release(): true when malloc_trim returned memory (false where there is no glibc).
void Release(const v8::FunctionCallbackInfo<v8::Value>& info) {
  info.GetIsolate()->MemoryPressureNotification(v8::MemoryPressureLevel::kCritical);
  bool trimmed = false;
#if defined(__GLIBC__)
  trimmed = malloc_trim(0) != 0;
#endif
  info.GetReturnValue().Set(trimmed);
}

}  // namespace

// Context-aware: loadable on worker threads and in several contexts of one process (vitest).
NODE_MODULE_INIT(/* exports, module, context */) {
  NODE_SET_METHOD(exports, "release", Release);
}
