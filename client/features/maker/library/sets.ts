// The open-source icon sets shipped with the app (Iconify JSON packages). Only their small
// info.json is in the maker's chunk; icons.json and metadata.json are separate hashed assets
// that load (dynamic import of their URL, then fetch) when a set is opened.
import fluentInfo from '@iconify-json/fluent-emoji-flat/info.json'
import lucideInfo from '@iconify-json/lucide/info.json'
import materialInfo from '@iconify-json/material-symbols/info.json'
import mdiInfo from '@iconify-json/mdi/info.json'
import phInfo from '@iconify-json/ph/info.json'
import tablerInfo from '@iconify-json/tabler/info.json'

type UrlModule = Promise<{ default: string }>

export interface IconSet {
  id: string
  name: string
  total: number
  author: { name: string; url?: string }
  license: { title: string; spdx?: string; url?: string }
  icons(): UrlModule
  /** Categories, where the set has them. */
  metadata?(): UrlModule
}

type Info = Pick<IconSet, 'name' | 'total' | 'author' | 'license'>

const set = (id: string, info: Info, icons: IconSet['icons'], metadata?: IconSet['metadata']): IconSet => ({
  id,
  name: info.name,
  total: info.total,
  author: info.author,
  license: info.license,
  icons,
  metadata,
})

export const ICON_SETS: IconSet[] = [
  set('lucide', lucideInfo, () => import('@iconify-json/lucide/icons.json?url')),
  set('tabler', tablerInfo, () => import('@iconify-json/tabler/icons.json?url')),
  set('ph', phInfo, () => import('@iconify-json/ph/icons.json?url')),
  set(
    'material-symbols',
    materialInfo,
    () => import('@iconify-json/material-symbols/icons.json?url'),
    () => import('@iconify-json/material-symbols/metadata.json?url'),
  ),
  set(
    'mdi',
    mdiInfo,
    () => import('@iconify-json/mdi/icons.json?url'),
    () => import('@iconify-json/mdi/metadata.json?url'),
  ),
  set(
    'fluent-emoji-flat',
    fluentInfo,
    () => import('@iconify-json/fluent-emoji-flat/icons.json?url'),
    () => import('@iconify-json/fluent-emoji-flat/metadata.json?url'),
  ),
]
