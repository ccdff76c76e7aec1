/**
 * The checks the form runs before POST /Alerts: the server's own schema (CreateAlertBodySchema),
 * so both sides refuse the same things. A module of its own, loaded when the form is first
 * sent: TypeBox's checker is most of its weight, and drawing the form needs none of it.
 */
import { Value } from 'typebox/value';
import { CreateAlertBodySchema, fieldErrors, type FieldErrors } from '@wildalert/shared';

/** The server's messages, grouped by field; empty when the body would be accepted. */
export function validateAlert(body: unknown): FieldErrors {
  return fieldErrors([...Value.Errors(CreateAlertBodySchema, body)]);
}
