// Types for the parts of imagetracerjs (a pure-JS raster tracer, untyped) that the maker uses.
declare module 'imagetracerjs' {
  export interface TracerImageData {
    width: number
    height: number
    data: Uint8ClampedArray
  }
  export interface TracerOptions {
    ltres?: number
    qtres?: number
    pathomit?: number
    rightangleenhance?: boolean
    colorsampling?: 0 | 1 | 2
    numberofcolors?: number
    mincolorratio?: number
    colorquantcycles?: number
    pal?: { r: number; g: number; b: number; a: number }[]
    blurradius?: number
    blurdelta?: number
    strokewidth?: number
    linefilter?: boolean
    scale?: number
    roundcoords?: number
    viewbox?: boolean
    desc?: boolean
  }
  const ImageTracer: {
    imagedataToSVG(imageData: TracerImageData, options?: TracerOptions | string): string
  }
  export default ImageTracer
}
