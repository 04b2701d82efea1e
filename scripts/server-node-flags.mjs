// The Node.js flags the web server runs with (`npm start`), shared with the benchmarks that
// start it the same way.
//
// --max-semi-space-size: a request in flight holds its rows and its JSON answer (a page of 50
// profiles is about 45 KB of JSON plus the rows it came from). With V8's default young
// generation (16 MB semi-spaces) 50 concurrent requests filled it every 30 ms or so, so most of
// what a request allocated was still alive at two scavenges in a row and got copied into the old
// generation: a fifth of the CPU went to garbage collection and the copying stretched the tail
// latency (docs/benchmarks.md, issue 14). 64 MB lets an answer die young; it costs at most
// 3 × 64 MB of address space, used only under such load.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
