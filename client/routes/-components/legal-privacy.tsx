import { LegalSection } from './legal-section.tsx'

export function LegalPrivacy() {
  return (
    <article id="privacy" aria-labelledby="privacy-title" className="mt-16 scroll-mt-6">
      <h2 id="privacy-title" className="text-2xl font-semibold tracking-tight">
        Privacy Policy
      </h2>
      <LegalSection title="1. What we collect">
        <p>
          Your e-mail address and name; the workspaces, projects and icons you create; your plan and
          subscription status; and technical data needed to run the service, such as session cookies, IP
          addresses used for rate limiting, and server logs.
        </p>
      </LegalSection>
      <LegalSection title="2. Why we use it">
        <p>
          To sign you in, store and sync your icons, let workspace members collaborate, enforce plan limits,
          bill subscriptions, protect the service from abuse, and answer your support requests. We do not sell
          your data or use it for advertising.
        </p>
      </LegalSection>
      <LegalSection title="3. Cookies and local storage">
        <p>
          We use one essential session cookie to keep you signed in. Your browser keeps a local copy of your
          icons and projects (IndexedDB) so the app is fast and works through short outages, plus your theme
          and copy-format preferences. Signing out deletes the local copy.
        </p>
      </LegalSection>
      <LegalSection title="4. Who else sees it">
        <p>
          Members of a workspace see its projects and icons and the e-mail addresses of its members. Service
          providers that process data on our behalf (hosting, e-mail delivery, payment processing) receive
          only what they need. We disclose data to authorities only when the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="5. How long we keep it">
        <p>
          We keep your account data while your account exists. Deleted icons and projects are removed from our
          active systems promptly and from backups within 30 days. Billing records are kept as long as tax law
          requires.
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may access, export, correct or delete your data, and object to or restrict its processing.
          Export your projects from their info page, or contact us for anything else. You may also complain to
          your data protection authority.
        </p>
      </LegalSection>
    </article>
  )
}
