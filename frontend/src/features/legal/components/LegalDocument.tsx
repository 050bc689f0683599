import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import './legal.css';

export const LEGAL_LAST_UPDATED = 'Last updated May 19, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: ReadonlyArray<LegalSection>;
}): ReactElement {
  useDocumentTitle(title);
  return (
    <PublicLayout width="reading">
      <article className="card legal" aria-labelledby="legal-title">
        <header className="legal-header">
          <h1 id="legal-title">{title}</h1>
          <p className="legal-updated">{LEGAL_LAST_UPDATED}</p>
          <div className="legal-intro">{intro}</div>
        </header>
        <nav className="legal-toc" aria-label="Contents">
          <h2 className="legal-toc-title">Contents</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        <footer className="legal-footer">
          <Link to="/auth">Back to Vitalog</Link>
        </footer>
      </article>
    </PublicLayout>
  );
}
