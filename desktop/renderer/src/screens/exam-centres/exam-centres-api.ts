// The answers of /api/admin/exam-venues and /api/admin/exam-venue-cities (api/src/exam-venues)
// as the screens read them.

export type ExamVenueRow = {
  id: number;
  examCentreId: number;
  cityNameEn: string;
  cityNameNp: string;
  nameEn: string;
  nameNp: string;
  addressEn: string;
  addressNp: string;
  capacity: number;
  contactPerson: string | null;
  contactNumber: string | null;
  isActive: boolean;
  /** Active rooms and their seats. */
  rooms: number;
  seats: number;
};

export type ExamVenueRoom = { id: number; venueId: number; roomNumber: string; floor: string | null; seats: number; isActive: boolean };

export type ExamVenueDetail = Omit<ExamVenueRow, 'rooms' | 'seats'> & { rooms: ExamVenueRoom[] };

export type CityWithVenues = {
  cityId: number;
  cityNameEn: string;
  cityNameNp: string;
  capacity: number;
  rooms: number;
  seats: number;
  venues: { id: number; nameEn: string; nameNp: string; addressEn: string; addressNp: string; capacity: number; seats: number; rooms: { id: number; roomNumber: string; floor: string | null; seats: number }[] }[];
};
