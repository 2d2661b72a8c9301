import { useEffect, useState } from 'react';
import { fetchApplicationSchedule, type ApprovedSchedule, type PaperSeat } from '../../api/exam-schedule-api';
import { useFormat } from '../../hooks/use-format';

// spec §4 exam scheduling: once approved, an application shows its exam's papers, each with its
// date in B.S. and A.D., start time and duration. A list, not a table, so it reads at 360 px.
// Once the centre allocation is final each paper also names the exam centre (name and address in
// the page's language), and once the centre's rooms are final, the room and seat.

function SeatLines({ seat }: { seat: PaperSeat }) {
  const { t, language, digits } = useFormat();
  // The floor is staff's free text (often English), so the room number alone names the room here.
  const room = seat.roomNumber === null ? null : t('examSchedule.room', { room: digits(seat.roomNumber) });
  return (
    <span data-testid="exam-seat" style={{ display: 'block', marginTop: 4 }}>
      {t('examSchedule.centre')}: <strong>{language === 'ne' ? seat.centreNameNp : seat.centreNameEn}</strong>, {language === 'ne' ? seat.addressNp : seat.addressEn}
      <br />
      {room && seat.seatNumber !== null ? (
        <strong data-testid="exam-seat-room">
          {room} · {t('examSchedule.seat', { seat: digits(seat.seatNumber) })}
        </strong>
      ) : (
        t('examSchedule.roomPending')
      )}
    </span>
  );
}

export function ExamScheduleSection({ applicationId }: { applicationId: number }) {
  const { t, language, digits, date } = useFormat();
  const [schedule, setSchedule] = useState<ApprovedSchedule | null>(null);
  useEffect(() => {
    void fetchApplicationSchedule(applicationId).then((result) => {
      if (result.ok) setSchedule(result.data.schedule);
    });
  }, [applicationId]);
  if (!schedule) return null;
  return (
    <section data-testid="exam-schedule">
      <h3 className="application-card__section">{t('examSchedule.title')}</h3>
      <ol style={{ paddingInlineStart: 20, margin: 0 }}>
        {schedule.papers.map((paper) => (
          <li key={paper.paperOrder} style={{ marginBottom: 8 }} data-testid="exam-schedule-paper">
            <strong>{language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}</strong>
            <br />
            {paper.skipped || !paper.examDate ? (
              t('examSchedule.skippedPaper')
            ) : (
              <>
                {date(paper.examDate)}
                <br />
                {t('examSchedule.startTime')}: {digits(paper.startTime ?? '')} · {t('examSchedule.duration')}: {t('examSchedule.minutes', { minutes: digits(paper.durationMinutes) })}
                {paper.seat ? <SeatLines seat={paper.seat} /> : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
