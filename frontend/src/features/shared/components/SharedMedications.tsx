import { useId, type ReactElement } from 'react';
import type { SharedMedicationDto } from '../api/sharedApi';

export interface SharedMedicationsProps {
  medications: ReadonlyArray<SharedMedicationDto>;
  /** The server's note on what their averages can say (shown with medications, not without). */
  note: string | null;
}

/** The medications of the period, each with its doses and how many scheduled doses were taken. */
export function SharedMedications({ medications, note }: SharedMedicationsProps): ReactElement {
  const headingId = useId();
  return (
    <section className="card shared-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="shared-section-title">
        Medications
      </h2>
      {medications.length === 0 ? (
        <p className="shared-muted">No medications recorded for this period.</p>
      ) : (
        <ul className="shared-medications">
          {medications.map((m, i) => (
            <li key={`${m.name}-${i}`}>
              <h3 className="shared-subtitle">{m.name}</h3>
              <ul className="shared-doses">
                {m.doses.map((dose) => (
                  <li key={dose}>{dose}</li>
                ))}
              </ul>
              <p className="shared-muted text-sm">{m.adherence}</p>
            </li>
          ))}
        </ul>
      )}
      {note && medications.length > 0 ? <p className="shared-muted text-sm">{note}</p> : null}
    </section>
  );
}
