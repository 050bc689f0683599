import type { ReactElement } from 'react';
import { NavLink } from 'react-router-dom';

/** Record Vitals' two ways: the plain form, or the guided measurement beside it. */
export function MeasureChoice(): ReactElement {
  const className = ({ isActive }: { isActive: boolean }): string => (isActive ? 'measure-choice-link measure-choice-current' : 'measure-choice-link');
  return (
    <nav className="measure-choice" aria-label="How to record">
      <NavLink to="/vitals" end className={className}>
        Single reading
      </NavLink>
      <NavLink to="/vitals/guided" className={className}>
        Guided measurement
      </NavLink>
    </nav>
  );
}
