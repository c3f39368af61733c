/** Facts the documents state that the code also holds, written once (tests/unit/legal.test.ts compares). */

/** services/applications.ts APPLICATION_RETENTION_DAYS: applicants' data goes this long after the event ends. */
export const APPLICATION_RETENTION_DAYS_TEXT = '90일';

/** Shown at the top of every document until the operator's legal review replaces it. */
export const TEMPLATE_NOTICE =
  '이 문서는 서비스가 실제로 처리하는 정보를 바탕으로 만든 초안(템플릿)이에요. 운영자의 법률 검토를 거친 뒤 확정해 주세요.';
