// /billing/checkout?session=ID: the local billing provider's checkout page.
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { CheckoutPage } from '../../features/billing/checkout-page.tsx'

const searchSchema = z.object({ session: z.string().catch('') })

export const Route = createFileRoute('/_app/billing/checkout')({
  validateSearch: searchSchema,
  component: function CheckoutRoute() {
    const { session } = Route.useSearch()
    return <CheckoutPage key={session} session={session} />
  },
})
