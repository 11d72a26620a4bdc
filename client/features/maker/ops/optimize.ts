// Optimise: svgo through the pipeline's optimizeSvg, on sanitized input, sanitized again after.
import { optimizeSvg, sanitizeSvg } from '../../../../common/svg/index.ts'

export async function optimize(svg: string): Promise<string> {
  return sanitizeSvg(await optimizeSvg(sanitizeSvg(svg)))
}
