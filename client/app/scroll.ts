/** Id of the signed-in app's scrollable content; the router scrolls it to the top on every route change. */
export const MAIN_SCROLL_ID = 'main-content'
