import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from '../icons/Icon';
import { cx } from '../../lib/cx';
import './feedback.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

const icons: Record<AlertVariant, IconName> = {
  info: 'info',
  success: 'check-circle',
  warning: 'warning',
  danger: 'alert-circle',
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** `alert` interrupts screen readers; use it for errors that follow an action. */
  role?: 'alert' | 'status' | 'note';
  id?: string;
}

/** An inline message box (info box, success note, soft warning, error). */
export function Alert({ variant = 'info', title, children, className, role, id }: AlertProps): ReactElement {
  return (
    <div className={cx('alert', `alert-${variant}`, className)} role={role} id={id}>
      <Icon name={icons[variant]} className="alert-icon" size={20} />
      <div className="alert-body">
        {title ? <p className="alert-title">{title}</p> : null}
        {children ? <div className="alert-content">{children}</div> : null}
      </div>
    </div>
  );
}
