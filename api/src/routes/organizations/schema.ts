import { Type } from 'typebox';
import { IdParams, errorResponses } from '../../lib/schema';

export const OrganizationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String(),
});

export const getOrganizationSchema = {
  operationId: 'getOrganization',
  summary: 'The organisation of the signed-in user (another id is 404)',
  tags: ['organizations'],
  params: IdParams,
  response: { 200: OrganizationSchema, ...errorResponses(401, 404) },
};
