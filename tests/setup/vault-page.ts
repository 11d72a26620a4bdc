// Browser-test fixtures of the /icons page: files dropped the way a browser drops them, and the
// number of changes still waiting in the browser's outbox (read from IndexedDB directly).
import type { Page } from 'playwright-core'

export type DroppedFile = { name: string; text: string }

/** Drops SVG files on the vault (dragenter, dragover, drop with a DataTransfer of File objects). */
export const dropFiles = (page: Page, files: DroppedFile[]) =>
  page.evaluate((list) => {
    const data = new DataTransfer()
    for (const f of list) data.items.add(new File([f.text], f.name, { type: 'image/svg+xml' }))
    const target = document.querySelector('[data-testid="vault"]') ?? document.body
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }))
    }
  }, files)

/** How many changes the browser's outbox still holds. */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('Iconvault')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').count()
          request.onsuccess = () => {
            resolve(request.result)
            open.result.close()
          }
        }
      }),
  )
