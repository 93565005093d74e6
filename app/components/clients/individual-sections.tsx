import { useLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";
import type { loader } from "#app/routes/_app.individual.$id";
import { FormAlert } from "../form/field";
import { ActivitySections } from "./activity-sections";
import { useClientForm } from "./client-form";
import { LinkForm, LinksTable } from "./links";
import { DetailList, Section, Tabs } from "./tabs";

/**
 * The individual's page below its header: the tabs, the details with the linked companies and their forms, and
 * the tasks, notes and e-mails. An island (`island` in app/lib/island.ts): the server renders it in full, the
 * browser hydrates it once its chunk has arrived, after the page's first-load JavaScript; until then its links
 * and forms work as they do without JavaScript.
 */
export function IndividualSections() {
  const { individual: i, tab, tabs, page, words, can, jobTitles, companyChoices, companySearch, tasks, notes, emails, calls } = useLoaderData<typeof loader>();
  const path = `/individual/${i.id}`;
  const labels: Record<(typeof tabs)[number], string> = { details: "Details", tasks: words.Tasks, notes: "Notes", emails: "E-mails", calls: "Calls" };
  // Archive and restore (the header's buttons), a note's Delete and a form of no known intent say why on top of the page.
  const top = [useClientForm("archive"), useClientForm("restore"), useClientForm("note-delete"), useClientForm("")].map((s) => s.message).find(Boolean);
  return (
    <>
      <FormAlert messages={top ? [top] : null} />
      <Tabs pathname={path} current={tab} tabs={tabs.map((t) => ({ key: t, label: labels[t] }))} />

      {tab === "details" ? (
        <>
          <Section title="Details" id="individual-details">
            <DetailList
              items={[
                [
                  "E-mail",
                  i.email ? (
                    <a href={`mailto:${i.email}`} className="text-brand hover:underline">
                      {i.email}
                    </a>
                  ) : null,
                ],
                ["Telephone", i.telephone],
                ["Date of birth", i.date_of_birth ? formatDate(i.date_of_birth) : null],
                ["Address", [i.address_line_1, i.address_line_2, i.town, i.county, i.postcode].filter(Boolean).join(", ")],
                ["Looked after by", i.owner?.name],
                ["Created", formatDate(i.created_at)],
              ]}
            />
          </Section>
          <Section title={`${words.Companies} (${i.companies.length})`} id="individual-companies">
            <LinksTable
              links={i.companies}
              show="company"
              jobTitles={jobTitles}
              canManage={can.link}
              unlinkHref={(l) => `${path}/unlink/${l.company_id}`}
              emptyText={`Not linked to any ${words.company} yet.`}
            />
            {can.link ? (
              <LinkForm
                choose="company"
                label={`Link to a ${words.company}`}
                optionsUrl="/resources/client-companies"
                itemUrl="/resources/client-companies"
                initialOptions={companyChoices}
                searchParam="companySearch"
                searchValue={companySearch}
                jobTitles={jobTitles}
                resetKey={i.companies.map((c) => c.company_id).join(",")}
              />
            ) : null}
          </Section>
        </>
      ) : null}

      <ActivitySections
        kind="individual"
        name={i.full_name}
        tab={tab}
        path={path}
        page={page}
        words={words}
        canManage={can.manage}
        addTaskHref={can.addTask ? `/tasks/new?source_individual_id=${i.id}` : null}
        tasks={tasks}
        notes={notes}
        emails={emails}
        calls={calls}
        recipient={i.email}
      />
    </>
  );
}
