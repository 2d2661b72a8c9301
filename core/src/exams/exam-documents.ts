// The plain data the exam documents print (DESIGN "Documents": one component per document, fed
// plain data). The API and the workstation's main process build these from the seating tables and
// print-templates' components print them; the portal reads the admit card's JSON in this shape.
// They live in core because all three sides share them and print-templates is Node-only.

/** A name, place or title in both languages; the document prints the one of its language first. */
export type Bilingual = { en: string; np: string };

/** A picture the document embeds: a `data:image/...;base64,` URL, or null when none is on file. */
export type EmbeddedImage = string | null;

/** An exam centre as a candidate travels to it. */
export type PrintedCentre = { name: Bilingual; address: Bilingual };

/** One paper a candidate sits, with where (centre, room, seat) for that sitting. */
export type AdmitCardPaper = {
  /** The paper's subject or name, e.g. "First paper: general knowledge". */
  name: Bilingual;
  /** A.D. date `YYYY-MM-DD` and its B.S. form `YYYY-MM-DD` (core's calendar computes it). */
  dateAd: string;
  dateBs: string;
  /** `HH:MM`, Nepal time. */
  startTime: string;
  durationMinutes: number;
  centre: PrintedCentre;
  roomNumber: string;
  seatNumber: number;
};

/** Everything one admit card prints (spec §7 "Admit card: generate, confirm, download"). */
export type AdmitCardData = {
  commission: Bilingual;
  /** The office that runs the exam (the advertisement's organisation). */
  office: Bilingual;
  advertisementCode: string;
  fiscalYear: string;
  post: Bilingual;
  /** Service, group, level as one line, e.g. "Nepal Administration Service, General, Officer (7th)". */
  postDetail: Bilingual;
  candidate: { name: Bilingual; photo: EmbeddedImage; signature: EmbeddedImage };
  rollNumber: string;
  /** Every paper the candidate sits, in the order of the exam. */
  papers: AdmitCardPaper[];
  /**
   * The QR's content: the verification address with the signed statement (roll number, names,
   * advertisement, photograph digest), e.g. `https://portal.example/verify#v1.<body>.<sig>`.
   */
  verificationUrl: string;
  /** When the card was issued, A.D. `YYYY-MM-DD` and B.S. */
  issuedOnAd: string;
  issuedOnBs: string;
};

/** One candidate's row on a room's attendance sheet or room list. */
export type SeatedCandidate = {
  rollNumber: string;
  seatNumber: number;
  name: Bilingual;
  photo: EmbeddedImage;
};

/** The sitting a sheet or list is for: one paper of one advertisement at one centre. */
export type PrintedSitting = {
  commission: Bilingual;
  office: Bilingual;
  advertisementCode: string;
  post: Bilingual;
  paper: Bilingual;
  dateAd: string;
  dateBs: string;
  startTime: string;
  durationMinutes: number;
  centre: PrintedCentre;
};

/** An invigilator as a sheet names them. */
export type PrintedInvigilator = { name: Bilingual; post: Bilingual; mobile: string };

/** One room's attendance sheet for one paper: every seated candidate, in seat order. */
export type AttendanceSheetData = {
  sitting: PrintedSitting;
  roomNumber: string;
  floor: string | null;
  candidates: SeatedCandidate[];
  invigilators: PrintedInvigilator[];
  printedOnAd: string;
  printedOnBs: string;
};

/** One room's seat list, posted on its door: seats with roll numbers and names, no photographs. */
export type RoomListData = Omit<AttendanceSheetData, 'invigilators'>;

/** A centre's gate list: which roll numbers go to which room. */
export type DoorListData = {
  sitting: PrintedSitting;
  chief: PrintedInvigilator | null;
  rooms: { roomNumber: string; floor: string | null; rollFrom: string; rollTo: string; candidates: number }[];
  printedOnAd: string;
  printedOnBs: string;
};

/** A labelled value on the application form; `value` is already in the document's language. */
export type FormField = { label: string; value: string };

/** A candidate's filled application form, for the file (spec §2 generate/form [MC]). */
export type ApplicationFormData = {
  commission: Bilingual;
  office: Bilingual;
  advertisementCode: string;
  fiscalYear: string;
  post: Bilingual;
  receiptCode: string;
  appliedOnAd: string;
  appliedOnBs: string;
  rollNumber: string | null;
  candidate: { name: Bilingual; photo: EmbeddedImage; signature: EmbeddedImage };
  /** Sections in print order: personal, address, contact, education, experience, quotas, payment. */
  sections: { title: string; fields: FormField[] }[];
  /** Tables such as education or experience: a title, the column headers, the rows. */
  tables: { title: string; columns: string[]; rows: string[][] }[];
  printedOnAd: string;
  printedOnBs: string;
};
