/**
 * A body PUT /api/psc/profile/extra accepts: caste, religion and mother tongue written as "other"
 * text (no reference ids to look up), with the marital and employment status a test needs.
 */
export function extraDetailsBody(status: { maritalStatus?: string; employmentStatus?: string } = {}) {
  return {
    casteOther: 'Newar',
    religionOther: 'Buddhist',
    motherTongueOther: 'Nepal Bhasa',
    maritalStatus: status.maritalStatus ?? 'single',
    employmentStatus: status.employmentStatus ?? 'unemployed',
    physicallyDisabled: 'no',
    fathersEducation: 'slc',
    mothersEducation: 'slc',
    parentsMainOccupation: 'business',
    fatherOccupation: 'service',
    motherOccupation: 'homemaker',
    area: 'terai',
  };
}
