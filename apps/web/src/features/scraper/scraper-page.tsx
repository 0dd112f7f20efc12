import { ComingSoon } from '../../components/coming-soon.tsx';
import { ScraperIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';

// Placeholder until the scraper controls land.
export function ScraperPage() {
  return (
    <>
      <PageHeader title="Mining Project Scraper" description="Collect mining project data into CRM-ready files." />
      <ComingSoon icon={<ScraperIcon />}>Scraper controls and output files are coming soon to this screen.</ComingSoon>
    </>
  );
}
