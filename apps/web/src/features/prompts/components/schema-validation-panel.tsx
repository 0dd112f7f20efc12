import type { SchemaValidationResult } from '@mining-hub/contract/prompts';
import { PROMPT_MESSAGES } from '../prompt-messages.ts';

/** 'Schema is valid' or 'Schema has errors', with the errors and warnings listed. */
export function SchemaValidationPanel({ result }: { result: SchemaValidationResult }) {
  return (
    <section
      aria-label="Schema validation result"
      role="status"
      className={`rounded-lg px-4 py-3 text-sm ring-1 ring-inset ${
        result.valid ? 'bg-emerald-50 ring-emerald-200' : 'bg-red-50 ring-red-200'
      }`}
    >
      <p className={`font-semibold ${result.valid ? 'text-emerald-800' : 'text-red-800'}`}>
        {result.valid ? PROMPT_MESSAGES.schemaValid : PROMPT_MESSAGES.schemaInvalid}
      </p>
      {result.errors.length > 0 && (
        <ul aria-label="Errors" className="mt-2 list-disc space-y-1 pl-5 text-red-800">
          {result.errors.map((error, index) => (
            <li key={index}>{error}</li>
          ))}
        </ul>
      )}
      {result.warnings.length > 0 && (
        <div className="mt-3 rounded-md bg-amber-50 px-3 py-2 ring-1 ring-amber-200 ring-inset">
          <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase">
            Warnings ({result.warnings.length})
          </p>
          <ul aria-label="Warnings" className="mt-1 list-disc space-y-1 pl-5 text-amber-900">
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
