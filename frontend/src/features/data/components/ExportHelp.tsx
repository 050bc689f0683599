import type { ReactElement } from 'react';

/**
 * Where each app keeps its export, in a disclosure under "Bring your history". Apps move
 * their menus between versions, so the steps say where to look and what the file is called.
 */
export function ExportHelp(): ReactElement {
  return (
    <details className="profile-details">
      <summary>Where each app hides its export</summary>
      <div className="profile-details-body text-sm">
        <dl className="export-help">
          <dt>OMRON connect</dt>
          <dd>
            In the OMRON connect app, open <strong>History</strong> (or the menu) and choose <strong>Export data</strong>,
            called <strong>Export to CSV</strong> in recent versions. The app emails you a CSV file: save it, then choose it
            here.
          </dd>
          <dt>Withings</dt>
          <dd>
            In the Withings app (formerly Health Mate), go to <strong>Profile</strong>, then <strong>Settings</strong>, then{' '}
            <strong>Download my data</strong>; on the web dashboard it is under <strong>Settings</strong>,{' '}
            <strong>Download your data</strong>. Withings emails you a link to a .zip file: upload the zip as it is, without
            unpacking it (its bp.csv or weight.csv alone works too).
          </dd>
          <dt>Apple Health</dt>
          <dd>
            On your iPhone, open the Health app, tap your profile picture, then <strong>Export All Health Data</strong>. It
            makes a file called export.zip: save it to Files (or send it to your computer), then upload it here as it is.
            Exports of several years are large and take a minute or two to make and to read.
          </dd>
          <dt>Any spreadsheet</dt>
          <dd>
            Save it as CSV: in Excel, <strong>Save As</strong> then <strong>CSV UTF-8</strong>; in LibreOffice,{' '}
            <strong>Save As</strong> then <strong>Text CSV</strong>; in Google Sheets, <strong>File</strong>,{' '}
            <strong>Download</strong>, <strong>Comma-separated values</strong>. Vitalog shows its first rows and asks which
            column holds what, and remembers your answer for the next file with the same columns.
          </dd>
        </dl>
        <p>Menus change between app versions: if a step looks different, search the app&apos;s settings for “export”.</p>
      </div>
    </details>
  );
}
