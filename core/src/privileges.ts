// Spec §6: privilege codes, with the area each guards. The spec infers most meanings from the
// routes; the codes it lists under "Other codes exist" have no route shown, so their names here
// are the most plausible reading of the abbreviation in a recruitment workflow (marked below).

type PrivilegeDefinition = { code: string; nameEn: string; nameNp: string };

export const PRIVILEGES = [
  { code: 'RQ', nameEn: 'Requisition', nameNp: 'माग' },
  { code: 'PD', nameEn: 'Percentage distribution', nameNp: 'प्रतिशत वितरण' },
  { code: 'MC', nameEn: 'Master configuration', nameNp: 'आधारभूत विवरण व्यवस्थापन' },
  { code: 'PEC', nameEn: 'Exam-centre planning', nameNp: 'परीक्षा केन्द्र योजना' },
  { code: 'ECA', nameEn: 'Exam-centre allocation', nameNp: 'परीक्षा केन्द्र बाँडफाँड' },
  { code: 'ES', nameEn: 'Exam schedule', nameNp: 'परीक्षा तालिका' },
  { code: 'BIS', nameEn: 'Bulk invigilator SMS', nameNp: 'निरीक्षकलाई सामूहिक एसएमएस' },
  { code: 'PA', nameEn: 'Publish advertisement', nameNp: 'विज्ञापन प्रकाशन' },
  { code: 'DA', nameEn: 'Download admit card', nameNp: 'प्रवेशपत्र डाउनलोड' },
  { code: 'SA', nameEn: 'Scrutiny allocation', nameNp: 'दरखास्त रुजु बाँडफाँड' },
  { code: 'SM', nameEn: 'Finalised scrutiny', nameNp: 'रुजु सम्पन्न दरखास्त' },
  { code: 'SD', nameEn: 'Scrutiny report', nameNp: 'रुजु प्रतिवेदन' },
  { code: 'SC', nameEn: 'Scrutiny candidates', nameNp: 'रुजु गरिने उम्मेदवार' },
  { code: 'UM', nameEn: 'User management', nameNp: 'प्रयोगकर्ता व्यवस्थापन' },
  { code: 'PUM', nameEn: 'Internal password reset', nameNp: 'आन्तरिक पासवर्ड पुनर्स्थापना' },
  { code: 'PM', nameEn: 'User ban', nameNp: 'प्रयोगकर्ता प्रतिबन्ध' },
  { code: 'VLU', nameEn: 'Voucher lock/unlock', nameNp: 'भौचर लक/अनलक' },
  { code: 'AQTEA', nameEn: 'Advertisement quota edit', nameNp: 'विज्ञापन कोटा सम्पादन' },
  { code: 'CPM', nameEn: 'Payment', nameNp: 'भुक्तानी' },
  { code: 'POEC', nameEn: 'Post-exam centre', nameNp: 'परीक्षापछिको केन्द्र व्यवस्थापन' },
  { code: 'ER', nameEn: 'Reports', nameNp: 'प्रतिवेदनहरू' },
  { code: 'BUK', nameEn: 'Backup', nameNp: 'ब्याकअप' },
  { code: 'FS', nameEn: 'Final selection', nameNp: 'अन्तिम छनोट' },
  { code: 'WS', nameEn: 'Written selection', nameNp: 'लिखित परीक्षा छनोट' },
  { code: 'VS', nameEn: 'Verify previous selection', nameNp: 'अघिल्लो छनोट प्रमाणीकरण' },
  // "Other codes exist" (spec §6): meanings inferred from the abbreviation, not shown by the spec.
  { code: 'PE', nameEn: 'Exam paper configuration', nameNp: 'परीक्षा पत्र कन्फिगरेसन' },
  { code: 'PDA', nameEn: 'Percentage distribution approval', nameNp: 'प्रतिशत वितरण स्वीकृति' },
  { code: 'ST', nameEn: 'Settings', nameNp: 'सेटिङ' },
  { code: 'OC', nameEn: 'Organization configuration', nameNp: 'कार्यालय कन्फिगरेसन' },
  { code: 'AR', nameEn: 'Advertisement report', nameNp: 'विज्ञापन प्रतिवेदन' },
  { code: 'RAR', nameEn: 'Re-application requests', nameNp: 'पुनः दरखास्त अनुरोध' },
  { code: 'RCD', nameEn: 'Candidate document review', nameNp: 'उम्मेदवारको कागजात पुनरावलोकन' },
  { code: 'CAD', nameEn: 'Candidate application details', nameNp: 'उम्मेदवारको दरखास्त विवरण' },
  { code: 'AD', nameEn: 'Advertisement', nameNp: 'विज्ञापन' },
  { code: 'OIR', nameEn: 'Inclusive-group update requests', nameNp: 'समावेशी समूह परिवर्तन अनुरोध' },
  { code: 'OIA', nameEn: 'Inclusive-group update approval', nameNp: 'समावेशी समूह परिवर्तन स्वीकृति' },
  { code: 'OIAV', nameEn: 'Approved inclusive-group updates', nameNp: 'स्वीकृत समावेशी समूह परिवर्तन' },
  { code: 'OIRV', nameEn: 'Rejected inclusive-group updates', nameNp: 'अस्वीकृत समावेशी समूह परिवर्तन' },
] as const satisfies readonly PrivilegeDefinition[];

export type PrivilegeCode = (typeof PRIVILEGES)[number]['code'];

export type Privilege = (typeof PRIVILEGES)[number];

export const PRIVILEGE_CODES: readonly PrivilegeCode[] = PRIVILEGES.map((privilege) => privilege.code);

export function isPrivilegeCode(value: unknown): value is PrivilegeCode {
  return typeof value === 'string' && (PRIVILEGE_CODES as readonly string[]).includes(value);
}

export function findPrivilege(code: PrivilegeCode): Privilege {
  return PRIVILEGES.find((privilege) => privilege.code === code)!;
}

// Spec §6: each role holds per-module permissions of these kinds.
export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete', 'approve', 'reject'] as const;

export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export function isPermissionAction(value: unknown): value is PermissionAction {
  return typeof value === 'string' && (PERMISSION_ACTIONS as readonly string[]).includes(value);
}
