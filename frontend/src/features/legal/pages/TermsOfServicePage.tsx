import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_PRICE } from '../../../lib/subscription';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          Vitalog is a personal health record: it lets you log your blood pressure, heart rate, weight and blood sugar,
          review your history, see trends and create reports. These Terms of Service are an agreement between you and
          the operator of this Vitalog service (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By creating an account or using
          Vitalog you accept them. If you do not agree, please do not use the service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Vitalog',
    body: (
      <p>
        You must be 18 years of age or older to create an account and use Vitalog. By registering you confirm that you
        are at least 18. Each account is for one person; please do not share it or record someone else&apos;s
        readings in it without their permission.
      </p>
    ),
  },
  {
    id: 'not-medical-advice',
    title: 'Not medical advice',
    body: (
      <>
        <p>
          Vitalog is a record-keeping tool. It does not diagnose, treat or prevent any condition, and nothing it shows
          (including charts, summaries or report analysis) is medical advice. Always talk to a qualified health
          professional about your readings and before changing any treatment.
        </p>
        <p>
          <strong>In an emergency, call your local emergency number.</strong> Do not rely on Vitalog to alert anyone
          about a reading.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give a valid email address: we ask you to verify it before you can log in.</li>
        <li>Choose a strong password, keep it to yourself and tell us if you think someone else has used your account.</li>
        <li>You are responsible for what is done with your account and for the accuracy of the readings you enter.</li>
      </ul>
    ),
  },
  {
    id: 'subscription',
    title: 'Subscription and payment',
    body: (
      <>
        <p>
          Recording vitals requires an active subscription. The subscription costs {PLAN_PRICE} (annual plan) and
          runs for one year from the date your payment is confirmed. Payments are handled by PayPal; we never see or
          store your card number. The subscription does not renew by itself: you choose whether to pay again when it
          ends.
        </p>
        <p>
          Your existing readings and reports stay available to you if your subscription lapses. If you believe you
          were charged in error, contact us and we will look into it.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <p>
        The readings, notes and reports you create are yours. You can view, download and delete them at any time, and
        you can ask us to delete your account. How we handle your information is described in the{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing reports',
    body: (
      <p>
        Vitalog can email a report to an address you choose, for example your doctor&apos;s. Please check the address
        before sending: once an email is delivered we cannot recall it, and you are responsible for the recipients you
        pick.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not try to access other people&apos;s accounts or data, or to probe, overload or disrupt the service.</li>
        <li>Do not use Vitalog to send unsolicited email or for anything unlawful.</li>
        <li>Do not copy, resell or reverse-engineer the service in breach of its licence.</li>
      </ul>
    ),
  },
  {
    id: 'availability',
    title: 'Availability, changes and ending your use',
    body: (
      <p>
        We work to keep Vitalog available and your data safe, but we cannot promise uninterrupted service. We may
        improve or change features over time. You may stop using Vitalog and delete your account whenever you like. We
        may suspend or close an account that breaks these terms, and will tell you why unless the law prevents it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        Vitalog is provided &ldquo;as is&rdquo;. To the extent the law allows, we are not liable for indirect or
        consequential losses, or for decisions made on the basis of data shown in the service. Nothing in these terms
        limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        If we change these terms we will update the date at the top of this page and, for significant changes, tell
        you by email or in the app before they take effect. Continuing to use Vitalog after that means you accept the
        new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms can be sent to the operator of this Vitalog service by replying to any email you
        have received from it.
      </p>
    ),
  },
];

export default function TermsOfServicePage(): ReactElement {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>Please read these terms carefully. They explain what you can expect from Vitalog and what we expect from you.</p>}
      sections={sections}
    />
  );
}
