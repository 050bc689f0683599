import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useToast } from '../../../components/toast';
import { deleteReport, useReports, type Report } from '../api/reportsApi';
import { CreateReportForm } from '../components/CreateReportForm';
import { EmailReportForm, type EmailSelection } from '../components/EmailReportForm';
import { ReportList } from '../components/ReportList';
import { ShareCard } from '../components/share/ShareCard';
import { reportMessages } from '../schemas';
import '../reports.css';

const EMAIL_SECTION_ID = 'email-report';

export default function ReportsPage(): ReactElement {
  const { toast } = useToast();
  const { reports, isLoading, error, mutate } = useReports();
  const [selection, setSelection] = useState<EmailSelection | null>(null);
  const [toDelete, setToDelete] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState(false);
  const emailSectionRef = useRef<HTMLElement>(null);
  const seq = useRef(0);

  // A report just generated is the one the email form sends (issue 36: the form kept the
  // previous report, and a 30-day report went to the doctor instead of the 2-year one).
  const addGenerated = useCallback(
    (report: Report) => {
      void mutate((current) => [report, ...(current ?? []).filter((r) => r.id !== report.id)], { revalidate: false });
      seq.current += 1;
      setSelection({ reportId: report.id, seq: seq.current });
    },
    [mutate],
  );

  /** Email (list or success panel): pre-select the report, scroll to the form, focus the recipient. */
  const emailReport = useCallback((report: Report) => {
    seq.current += 1;
    setSelection({ reportId: report.id, seq: seq.current });
    const section = emailSectionRef.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    section?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    section?.querySelector<HTMLInputElement>('#email-recipient')?.focus({ preventScroll: true });
  }, []);

  const confirmDelete = async (): Promise<void> => {
    if (!toDelete) return;
    const report = toDelete;
    setDeleting(true);
    try {
      await deleteReport(report.id);
      await mutate((current) => (current ?? []).filter((r) => r.id !== report.id), { revalidate: false });
      if (selection?.reportId === report.id) setSelection(null);
      setToDelete(null);
      toast({ title: 'Report deleted', description: `"${report.name}" was deleted.` });
    } catch {
      toast({ title: reportMessages.deleteFailed, variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="reports-page">
      <PageHeader
        title="Reports"
        description="Create a PDF of your readings for a period, then view, download or email it to your doctor, or share a link your doctor can open."
      />
      <div className="reports-grid">
        <section className="card report-card reports-create" aria-labelledby="create-report-heading">
          <h2 id="create-report-heading" className="report-card-title">
            Create Report
          </h2>
          <CreateReportForm onGenerated={addGenerated} onEmail={emailReport} />
        </section>

        <section className="card report-card reports-list" aria-labelledby="your-reports-heading" aria-busy={isLoading}>
          <h2 id="your-reports-heading" className="report-card-title">
            Your Reports
          </h2>
          <ReportList
            reports={reports}
            isLoading={isLoading}
            error={error}
            onRetry={() => void mutate()}
            onEmail={emailReport}
            onDelete={setToDelete}
          />
        </section>

        <section
          ref={emailSectionRef}
          id={EMAIL_SECTION_ID}
          className="card report-card reports-email"
          aria-labelledby="email-report-heading"
        >
          <h2 id="email-report-heading" className="report-card-title">
            Email Report
          </h2>
          <EmailReportForm reports={reports} listFailed={error !== undefined} selection={selection} onReportMissing={() => void mutate()} />
        </section>

        <ShareCard />
      </div>

      {toDelete ? (
        <Dialog
          title="Delete report?"
          description={
            <p>
              &ldquo;{toDelete.name}&rdquo; will be deleted for good. Copies you already downloaded or emailed are not
              affected.
            </p>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
