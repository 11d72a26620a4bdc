// wawoff2 (Google's WOFF2 compiled to WebAssembly) ships no types: the two calls the font export uses.
declare module 'wawoff2' {
  const wawoff2: {
    compress(ttf: Uint8Array): Promise<Uint8Array>
    decompress(woff2: Uint8Array): Promise<Uint8Array>
  }
  export default wawoff2
}
