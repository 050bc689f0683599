import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>Your health data is stored on the server of the operator of this Vitalog service, and nowhere else.</li>
        <li>We do not sell your data, and we do not share it with advertisers or analytics companies.</li>
        <li>You can export your data and delete your account at any time.</li>
        <li>We use exactly three cookies, all needed to sign you in and keep your account safe.</li>
      </ul>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your username, email address and password (stored only as a salted hash,
          never in readable form). Optionally your first and last name, date of birth and gender, if you add them to
          your profile.
        </li>
        <li>
          <strong>Health readings:</strong> the blood pressure, heart rate, weight and blood sugar values you enter,
          with their date, time and any notes.
        </li>
        <li>
          <strong>Reports and preferences:</strong> the reports you create and your settings, such as units and email
          preferences.
        </li>
        <li>
          <strong>Subscription records:</strong> the plan, amount, date and the PayPal transaction reference of each
          payment.
        </li>
        <li>
          <strong>Security logs:</strong> technical records such as sign-in attempts and IP addresses, kept for a short
          time to protect accounts and limit abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <p>
        We use your information only to run Vitalog for you: to store and show your readings, draw your charts, build
        the reports you ask for, manage your subscription and keep your account secure. We do not use your health data
        for advertising, profiling or research.
      </p>
    ),
  },
  {
    id: 'where-stored',
    title: 'Where your data is stored',
    body: (
      <p>
        Vitalog is self-hosted: your data stays in the database on the operator&apos;s own server. It is not copied to
        third-party cloud analytics, and it is not sold, rented or traded to anyone.
      </p>
    ),
  },
  {
    id: 'email',
    title: 'Email',
    body: (
      <p>
        We send email to verify your address, to reset your password when you ask, and to deliver reports to the
        recipients you choose. Reminder and weekly-report emails are sent only if you turn them on in your preferences.
        We never send marketing email on behalf of others.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Subscription payments are processed by PayPal. You enter your payment details with PayPal, not with us; PayPal
        tells us whether the payment succeeded and gives us a transaction reference. PayPal&apos;s own privacy policy
        applies to the information you give them.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>Vitalog uses exactly three cookies and no tracking of any kind:</p>
        <ul>
          <li>
            <strong>A session cookie</strong> that keeps you signed in. It cannot be read by scripts in the page and is
            removed when you log out.
          </li>
          <li>
            <strong>A presence cookie</strong> that only tells the app that a session exists, so it can skip needless
            checks. It contains no personal information and is also removed when you log out.
          </li>
          <li>
            <strong>A device cookie</strong> that remembers, in encrypted form, which accounts signed in on this browser,
            so that someone guessing your password elsewhere cannot lock you out. Only the login reads it; it is kept
            for 180 days.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct your information in your profile, download your readings and reports, and ask for your
        account and all its data to be deleted. Depending on where you live you may have further rights, such as to
        object to processing or to complain to a data-protection authority.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data for as long as your account exists. When you delete your account, your readings, reports and
        profile are deleted; records we must keep by law, such as payment records, are kept only as long as required.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are hashed, sessions are protected by cookies that scripts cannot read, and requests that change
        data are only accepted from Vitalog itself. No system is perfectly secure, so please use a strong, unique
        password.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Age limit',
    body: <p>Vitalog is only for people 18 or older. We do not knowingly collect data from anyone younger.</p>,
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        If we change this policy we will update the date at the top and tell you about significant changes before they
        apply. Questions about your data can be sent to the operator of this Vitalog service by replying to any email
        you have received from it. See also the <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage(): ReactElement {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>Your health information is personal. This policy explains what Vitalog stores, why, and the control you have over it.</p>}
      sections={sections}
    />
  );
}
