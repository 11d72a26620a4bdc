import { LegalSection } from './legal-section.tsx'

export function LegalTerms() {
  return (
    <article id="terms" aria-labelledby="terms-title" className="mt-12 scroll-mt-6">
      <h2 id="terms-title" className="text-2xl font-semibold tracking-tight">
        Terms of Service
      </h2>
      <LegalSection title="1. The service">
        <p>
          Iconvault lets you store SVG icons in projects, create and adjust icons in the maker, and copy them
          in several code formats. Projects are personal or belong to a team workspace. By creating an account
          or using Iconvault you agree to these terms.
        </p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You sign in with a link sent to your e-mail address. Keep access to that mailbox secure: anyone who
          can read it can sign in as you. You are responsible for what happens under your account and must
          tell us promptly if you suspect unauthorised use.
        </p>
      </LegalSection>
      <LegalSection title="3. Your content">
        <p>
          The icons, names and descriptions you upload or create remain yours. You grant us only the rights we
          need to store, process, display and export them for you and for the members of workspaces you share
          them with. Upload only content you have the right to use; icons from open-source sets remain under
          their own licences.
        </p>
        <p>Uploaded SVG is sanitised: we may remove scripts, external references and other active content.</p>
      </LegalSection>
      <LegalSection title="4. Workspaces">
        <p>
          The owner of a workspace decides who is a member and which role they have. Owners and admins may
          review, rename or delete icons that members add. When you leave or are removed from a workspace, the
          icons you added stay with the workspace.
        </p>
      </LegalSection>
      <LegalSection title="5. Plans and payment">
        <p>
          The free plan lets you browse, make and copy icons. Paid plans (Pro and Gold) add saving to the
          vault, maker credits and, on Gold, team workspaces. Subscriptions renew each period until canceled;
          a canceled subscription keeps its plan until the end of the paid period. Unused credits do not carry
          over.
        </p>
      </LegalSection>
      <LegalSection title="6. Acceptable use">
        <p>
          Do not use Iconvault to break the law, infringe others' rights, distribute malware, or disrupt or
          probe the service beyond normal use. We may suspend accounts that do.
        </p>
      </LegalSection>
      <LegalSection title="7. Availability and liability">
        <p>
          We work to keep Iconvault available and your data safe, but the service is provided as is. To the
          extent the law allows, our liability is limited to the amount you paid us in the twelve months
          before the claim. Keep your own copies of icons that matter to you; exports make that easy.
        </p>
      </LegalSection>
      <LegalSection title="8. Ending and changes">
        <p>
          You may stop using Iconvault and delete your account at any time. We may change these terms; for
          material changes we will notify you by e-mail or in the app before they take effect.
        </p>
      </LegalSection>
    </article>
  )
}
