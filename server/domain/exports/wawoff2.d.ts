// wawoff2 (Google's WOFF2 encoder and decoder compiled to WebAssembly) ships no types: the tests
// decode the icon font's WOFF2 with it (font-files.test.ts), as Chromium and Firefox would.
declare module 'wawoff2' {
  const wawoff2: {
    compress(ttf: Uint8Array): Promise<Uint8Array>
    decompress(woff2: Uint8Array): Promise<Uint8Array>
  }
  export default wawoff2
}
