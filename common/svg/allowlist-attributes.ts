// Attributes the sanitizer keeps besides the presentation attributes (PRESENTATION_ATTRIBUTES),
// aria-* and role. href and xlink:href are kept only as same-document #id references. No data-*:
// the app's own UI reads those, and class only below the root (sanitize.ts).

export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(
  [
    // core, a11y
    'id class style lang xml:lang xml:space role',
    // root and viewports
    'viewBox preserveAspectRatio version width height x y',
    // geometry
    'd points pathLength r rx ry cx cy fx fy fr x1 y1 x2 y2',
    // references (checked separately)
    'href xlink:href',
    // text
    'dx dy rotate textLength lengthAdjust startOffset method spacing',
    // paint servers, clip, mask, pattern, marker
    'gradientUnits gradientTransform spreadMethod offset',
    'patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits',
    'markerUnits markerWidth markerHeight refX refY orient',
    // filters
    'filterUnits primitiveUnits in in2 result stdDeviation edgeMode operator k1 k2 k3 k4 mode',
    'values type tableValues slope intercept amplitude exponent order kernelMatrix divisor bias',
    'targetX targetY kernelUnitLength preserveAlpha radius scale xChannelSelector yChannelSelector',
    'surfaceScale diffuseConstant specularConstant specularExponent azimuth elevation z',
    'pointsAtX pointsAtY pointsAtZ limitingConeAngle baseFrequency numOctaves seed stitchTiles',
  ]
    .join(' ')
    .split(' '),
)

export const ARIA = /^aria-[a-z]+$/
