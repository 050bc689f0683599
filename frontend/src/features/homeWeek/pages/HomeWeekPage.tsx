import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { StartWeekButton } from '../ui/StartWeekButton';
import { weekPlaceholder } from '../ui/WeekLoading';
import { WeekRecognised } from '../ui/WeekRecognised';
import { AverageValue, WeekResult } from '../ui/WeekResult';
import { WeekStatus } from '../ui/WeekStatus';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useToast } from '../../../components/toast';
import { stopHomeWeek, useHomeWeek, useHomeWeekPattern, type HomeWeek } from '../api/homeWeek';
import { WeekPattern } from '../components/WeekPattern';
import { HOME_WEEK_RULES } from '../../../lib/readingRules';
import { isNotFound, serverMessageOr } from '../../../lib/serverErrors';
import { StopWeekDialog } from '../components/StopWeekDialog';
import { WeekDaysTable } from '../components/WeekDaysTable';
import '../homeWeek.css';

export const WEEK_STOPPED = 'Home monitoring week stopped';
export const WEEK_STOP_FAILED = 'The week could not be stopped';

/** The morning and evening averages beside the week's, when there is one. */
function PeriodAverages({ week }: { week: HomeWeek }): ReactElement | null {
  if (!week.average || (!week.morning && !week.evening)) return null;
  return (
    <div className="week-periods">
      {week.morning ? <AverageValue average={week.morning} label="Mornings" /> : null}
      {week.evening ? <AverageValue average={week.evening} label="Evenings" /> : null}
    </div>
  );
}

/** `/home-week`: the home monitoring week in full, and stopping or starting one. */
export default function HomeWeekPage(): ReactElement {
  const { week, error, mutate } = useHomeWeek();
  const pattern = useHomeWeekPattern();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);

  const stop = async (): Promise<void> => {
    setStopping(true);
    try {
      await stopHomeWeek();
      toast({ title: WEEK_STOPPED, description: 'Your readings stay in your history.' });
    } catch (err) {
      toast({
        title: WEEK_STOP_FAILED,
        description:
          isNotFound(err)
            ? 'This week is no longer running.'
            : serverMessageOr(err, 'Check your connection and try again.'),
        variant: 'destructive',
      });
    } finally {
      setConfirming(false);
      setStopping(false);
      await mutate();
    }
  };

  let body: ReactElement;
  if (!week) {
    body = <div className="card week-page-card">{weekPlaceholder(week, error)}</div>;
  } else {
    const running = week.origin === 'started' && !week.complete;
    body = (
      <>
        {week.origin === 'recognised' ? <WeekRecognised startDate={week.startDate} /> : null}
        <section className="card week-page-card" aria-labelledby="week-days-heading">
          <h2 id="week-days-heading" className="week-page-title">
            Day by day
          </h2>
          <WeekStatus week={week} />
          <WeekDaysTable week={week} />
        </section>
        {week.average ? (
          <div className="card week-page-card">
            <WeekResult week={week} headingLevel={2} />
            <PeriodAverages week={week} />
          </div>
        ) : null}
        {week.average && pattern ? <WeekPattern pattern={pattern} /> : null}
        {week.origin === 'started' ? (
          <div className="week-page-actions">
            {running ? (
              <button type="button" className="btn btn-secondary week-stop" onClick={() => setConfirming(true)}>
                Stop this week
              </button>
            ) : (
              <StartWeekButton label="Start a new week" />
            )}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="home-week-page page-stack">
      <PageHeader
        title="Home monitoring week"
        description={`Morning and evening readings over ${HOME_WEEK_RULES.days} days, and their average.`}
        actions={
          <Link to="/" className="btn btn-secondary">
            Back to Dashboard
          </Link>
        }
      />
      {body}
      {confirming ? (
        <StopWeekDialog busy={stopping} onConfirm={() => void stop()} onCancel={() => setConfirming(false)} />
      ) : null}
    </div>
  );
}
