import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/icons/Icon';

export interface FormCardProps {
  /** Id of the heading, which names the card. */
  titleId: string;
  title: string;
  icon: IconName;
  iconSize: number;
  children: ReactNode;
  /** The line under the card (e.g. the way back to login). */
  footer: ReactNode;
}

/** The card of a one-form public page: icon, heading, content and a footer line. */
export function FormCard({ titleId, title, icon, iconSize, children, footer }: FormCardProps): ReactElement {
  return (
    <section className="card form-card" aria-labelledby={titleId}>
      <div className="status-card-icon form-card-icon">
        <Icon name={icon} size={iconSize} />
      </div>
      <h1 id={titleId} className="form-card-title">
        {title}
      </h1>
      {children}
      <p className="form-card-footer">{footer}</p>
    </section>
  );
}
