/**
 * The Lead Finder tab: keywords (Keywords.tsx), the CSV upload with its report (CsvUpload.tsx), and the stores
 * of the selected keyword (StoresTable.tsx).
 */
import { UploadForm } from "./CsvUpload";
import { Keywords } from "./Keywords";
import type { LeadFinderActionData } from "./lead-finder.server";
import type { LeadFinderData } from "./lead-finder.ui";
import { Stores } from "./StoresTable";

export function LeadFinder({ data, actionData }: { data: LeadFinderData; actionData?: LeadFinderActionData }) {
  return (
    <section>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Lead Finder</h2>
        <p className="mt-1 text-sm text-slate-600">Keywords and the stores found testing apps for each. Import stores from a CSV file.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Keywords data={data} lastResult={actionData?.keywordResult} />
        <div className="lg:col-span-2">
          <UploadForm data={data} report={actionData?.upload} />
        </div>
      </div>
      {data.selected ? <Stores data={data} /> : <p className="mt-6 text-sm text-slate-600">Choose a keyword to see its stores.</p>}
    </section>
  );
}
