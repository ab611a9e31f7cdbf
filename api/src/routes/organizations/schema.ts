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

export const OrganizationSettingsSchema = Type.Object({
  documents_need_approval: Type.Boolean({
    description:
      'Documents from employees need approval: an employee’s upload stays pending until a ' +
      'manager or admin approves it (default on)',
  }),
});

export const getOrganizationSettingsSchema = {
  operationId: 'getOrganizationSettings',
  summary: 'The settings of the signed-in user’s organisation (another id is 404)',
  tags: ['organizations'],
  params: IdParams,
  response: { 200: OrganizationSettingsSchema, ...errorResponses(401, 404) },
};

export const updateOrganizationSettingsSchema = {
  operationId: 'updateOrganizationSettings',
  summary: 'Change the organisation’s settings (admin)',
  tags: ['organizations'],
  params: IdParams,
  body: Type.Object(
    {
      documents_need_approval: Type.Optional(
        OrganizationSettingsSchema.properties.documents_need_approval,
      ),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: OrganizationSettingsSchema, ...errorResponses(400, 401, 403, 404) },
};
