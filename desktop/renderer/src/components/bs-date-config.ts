import { createBsGenerateConfig, epochDayToIso, isoToEpochDay } from '@psc/core';
import dayjs, { type Dayjs } from 'dayjs';

// The workstation's date pickers draw B.S. month grids (spec §1: B.S. first) with core's
// calendar; their value stays a dayjs A.D. day, what the forms send and the database stores.
export const bsDayjsConfig = createBsGenerateConfig<Dayjs>({
  toEpochDay: (value) => isoToEpochDay(value.format('YYYY-MM-DD')),
  // Local midnight of that A.D. day, as antd's own date picker gives it.
  fromEpochDay: (epochDay) => dayjs(epochDayToIso(epochDay)),
  isValid: (value) => value.isValid(),
});
