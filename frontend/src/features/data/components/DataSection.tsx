import { Fragment, type ReactElement } from 'react';
import { CSV_COLUMNS, DATA_DOWNLOADS } from '../api/dataApi';
import { ImportWizard } from './ImportWizard';
import { SectionCard } from '../../../components/layout/SectionCard';
import '../data.css';

/** Downloads of everything Vitalog holds about the user, and import from other apps. */
export function DataSection(): ReactElement {
  return (
    <SectionCard
      id="profile-data"
      title="Your data"
      icon="history"
      description="Download your readings and account data at any time, or bring your history from another app."
    >
      <div className="profile-data-block">
        <h3 className="profile-subheading">Download</h3>
        <ul className="profile-downloads">
          {DATA_DOWNLOADS.map((item) => (
            <li key={item.href} className="profile-download">
              <a className="btn btn-secondary profile-download-link" href={item.href} download>
                {item.label}
              </a>
              <span className="text-muted text-sm">{item.hint}</span>
            </li>
          ))}
        </ul>
      </div>

      <ImportWizard />

      <details className="profile-details">
        <summary>About Vitalog's CSV format</summary>
        <div className="profile-details-body text-sm">
          <p>One reading per row, oldest first, after a header row naming the columns in this order:</p>
          <p>
            <code className="profile-code">
              {/* Long lines break after a comma, never inside a column name. */}
              {CSV_COLUMNS.map((column, i) => (
                <Fragment key={column}>
                  {i > 0 ? (
                    <>
                      ,<wbr />
                    </>
                  ) : null}
                  {column}
                </Fragment>
              ))}
            </code>
          </p>
          <ul>
            <li>Dates are YYYY-MM-DD and times HH:MM (24-hour clock).</li>
            <li>A measurement you did not take is an empty cell.</li>
            <li>
              Each row names its own units: <code>weight_unit</code> is lbs or kg, <code>blood_sugar_unit</code> is
              mg/dL or mmol/L. A blank unit means lbs and mg/dL.
            </li>
            <li>
              <code>setting</code> is home or office (taken at the clinic). A blank cell, or a file without the column, means
              home.
            </li>
          </ul>
          <p>Import reads the same format, so a file exported from one account can be imported into another.</p>
        </div>
      </details>
    </SectionCard>
  );
}
