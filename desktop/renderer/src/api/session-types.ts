// GET /api/oauth/privileges/get/init (spec §6: privileges are fetched at start).
export type SessionUser = {
  id: number;
  masterId: number;
  kind: 'candidate' | 'staff';
  username: string;
  email: string;
  firstNameEn: string;
  middleNameEn: string | null;
  lastNameEn: string;
  fullNameEn: string;
  fullNameNp: string | null;
  mustChangePassword: boolean;
};

export type SessionInit = {
  user: SessionUser;
  roles: { id: number; name: string }[];
  privileges: { code: string; actions: string[] }[];
};
