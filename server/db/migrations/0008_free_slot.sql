-- Whether a room has a free start on a day under its booking rules (decision 0023): the search's
-- check for the rooms a count cannot settle (nearly full, or not on the hourly rule of old). It is
-- the rule of the room page's slots (server/features/availability/slots.ts): a start on the room's
-- grid inside the room's own hours of the weekday, or its clinic's when it has none ("23:59" closes
-- at midnight), after the notice and within the horizon (days of 24 h), not a time skipped by a
-- daylight-saving jump, whose minimum stretch meets no block and no booking, nor the buffer after
-- a booking, and leaves the room's own buffer free before the next booking.
--
-- Why a function: inlined in the search, this query was planned again on every search, and with
-- a block or a booking probed per start it made a search with a date slower than before the rules
-- on the embedded database (docs/performance.md, "Regras de reserva"). Here its plan is made once
-- per connection and kept (generic: the custom plans PL/pgSQL would otherwise make on each call
-- cost more than they save), and what is taken that day is read once per room into one array.
--
-- A booking taken as [start − this room's buffer, end + its own buffer) and a start's stretch
-- [start, start + minimum) overlap exactly when [start, start + minimum + buffer) meets the booking
-- plus its buffer, so blocks and bookings are compared in one pass. Appointments are one grid slot
-- (≤ 60 min) and stretches end by the day's close, so the day's window is midnight − 2 h to
-- midnight + 26 h. The statuses are those of the partial index appointments_room_held_idx
-- (schema.ts slotHoldingStatuses; search.test.ts compares them).
CREATE OR REPLACE FUNCTION salas_room_has_free_slot(
  p_room bigint, p_clinic bigint, p_zone text, p_day date, p_now timestamptz,
  p_slot int, p_minlen int, p_buffer int, p_notice int, p_horizon int
) RETURNS boolean LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  midnight timestamptz := p_day::timestamp AT TIME ZONE p_zone;
  -- A day without a daylight-saving change places its starts by adding minutes to midnight.
  steady boolean := midnight + interval '24 hours' = (p_day + 1)::timestamp AT TIME ZONE p_zone;
  earliest timestamptz := p_now + make_interval(mins => p_notice);
  latest timestamptz := p_now + make_interval(hours => 24 * p_horizon);
  taken tstzrange[];
BEGIN
  taken := array(
    SELECT tstzrange(a.starts_at - make_interval(mins => p_buffer),
                     a.ends_at + make_interval(mins => a.buffer_minutes))
    FROM appointments a
    WHERE a.room_id = p_room
      AND a.starts_at >= midnight - interval '2 hours' AND a.starts_at < midnight + interval '26 hours'
      AND a.status IN ('pending_payment', 'confirmed', 'completed', 'no_show')
    UNION ALL
    SELECT tstzrange(b.starts_at, b.ends_at) FROM blocked_schedules b
    WHERE b.room_id = p_room
      AND b.starts_at < midnight + interval '26 hours' AND b.ends_at > midnight);
  RETURN EXISTS (
    SELECT 1
    FROM (
      SELECT h.opens_at, h.closes_at FROM room_operating_hours h
      WHERE h.room_id = p_room AND h.weekday = extract(dow FROM p_day)::smallint
      UNION ALL
      SELECT h.opens_at, h.closes_at FROM clinic_opening_hours h
      WHERE h.clinic_id = p_clinic AND h.weekday = extract(dow FROM p_day)::smallint
        AND NOT EXISTS (SELECT 1 FROM room_operating_hours x WHERE x.room_id = p_room)
    ) oh
    CROSS JOIN LATERAL generate_series(
      ceil(extract(epoch FROM oh.opens_at) / 60 / p_slot)::int,
      floor(((CASE WHEN oh.closes_at = '23:59' THEN 1440 ELSE floor(extract(epoch FROM oh.closes_at) / 60)::int END)
             - p_minlen)::numeric / p_slot)::int) g
    CROSS JOIN LATERAL (SELECT CASE WHEN steady THEN midnight + make_interval(mins => g * p_slot)
      ELSE (p_day + make_interval(mins => g * p_slot)) AT TIME ZONE p_zone END AS starts_at) s
    WHERE s.starts_at > earliest AND s.starts_at <= latest
      AND (steady OR s.starts_at AT TIME ZONE p_zone = p_day + make_interval(mins => g * p_slot))
      AND NOT tstzrange(s.starts_at, s.starts_at + make_interval(mins => p_minlen)) && ANY(taken));
END $$;
