// /billing/checkout?session=ID: the local billing provider's checkout page.
import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../../features/billing/checkout-page.tsx'

/** The checkout session's id; anything but a string is an empty one (the page says it is unknown). */
const searchSchema = (search: Record<string, unknown>): { session: string } => ({
  session: typeof search.session === 'string' ? search.session : '',
})

export const Route = createFileRoute('/_app/billing/checkout')({
  validateSearch: searchSchema,
  component: function CheckoutRoute() {
    const { session } = Route.useSearch()
    return <CheckoutPage key={session} session={session} />
  },
})
