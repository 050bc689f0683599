import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons/Icon';
import { bluetoothSupported } from '../../bluetooth/model/support';

export interface ReadingsPageActionsProps {
  /** Offer "Connect a Bluetooth cuff" where the browser can (the dashboard's quick actions). */
  cuff?: boolean;
}

/** The header links of the pages that list readings (dashboard and history). */
export function ReadingsPageActions({ cuff = false }: ReadingsPageActionsProps): ReactElement {
  return (
    <>
      <Link className="btn btn-secondary" to="/reports">
        Reports
      </Link>
      {cuff && bluetoothSupported() ? (
        <Link className="btn btn-secondary" to="/vitals?cuff=1" aria-label="Connect a Bluetooth cuff">
          <Icon name="bluetooth" size={18} />
          Cuff
        </Link>
      ) : null}
      <Link className="btn btn-primary" to="/vitals">
        Record Vitals
      </Link>
    </>
  );
}
