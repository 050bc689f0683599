import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './shell.css';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1 (also sets the document title) with optional text and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps): ReactElement {
  useDocumentTitle(title);
  return (
    <div className="page-header">
      <div className="page-header-text">
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </div>
  );
}
