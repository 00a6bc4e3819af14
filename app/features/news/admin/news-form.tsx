/**
 * Write or edit a news post: title, address, summary, the body in the rich-text editor
 * (a plain HTML field without JavaScript), cover image with alt text, author, and when it
 * appears (draft, published now, or scheduled for a later time in UK time).
 */
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { RichTextField } from "../../../components/admin/rich-text-field.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { NEWS_FORM_FIELDS, NewsFormSchema, coverAltProblem } from "../news.schema.ts";
import { authorNameOf, createNewsPost, getNewsPost, slugProblem, updateNewsPost } from "../news.server.ts";
import { currentStaff } from "../../../auth/guards.server.ts";
import { findUserById } from "../../staff/index.ts";
import { newsState } from "../news.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import type { Route } from "./+types/news-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";
import { ukDateTimeInput } from "../../../lib/uk-time.ts";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit News Post" : "Write a News Post"} | Millbrook Admin` }];

const NOT_FOUND = "That news post could not be found. It may have been removed.";

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  if (params.id === undefined) {
    // A new post: signed with the writer's name (My account), else the name they signed their last post with; a draft until they choose to publish.
    const staff = currentStaff(args);
    const author = (await findUserById(staff.user.id))?.name || (await authorNameOf(staff.user.email).catch(() => null)) || "";
    return { id: null, image: null, media: await mediaChoices(null), slug: null, state: null, values: formValues({ status: "draft", author }, NEWS_FORM_FIELDS) };
  }
  const post = /^\d{1,10}$/.test(params.id) ? await getNewsPost(Number(params.id)).catch(() => null) : null;
  if (!post) throw await redirectWithToast("/admin/news", { type: "error", message: NOT_FOUND });
  return {
    id: post.id,
    image: post.image,
    media: await mediaChoices(post.image),
    slug: post.slug,
    state: newsState(post),
    values: formValues(
      {
        ...post,
        image_decorative: post.image !== null && post.image_alt === "",
        publish_at: post.published_at ? ukDateTimeInput(post.published_at) : "",
      },
      NEWS_FORM_FIELDS,
    ),
  };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: NewsFormSchema,
    fields: NEWS_FORM_FIELDS,
    folder: "news",
    listPath: "/admin/news",
    texts: {
      created: "News post saved",
      updated: "News post updated",
      createFailed: "Failed to save the news post",
      updateFailed: "Failed to update the news post",
      loadFailed: NOT_FOUND,
    },
    check: async (input, image, id) => {
      const existing = id === null ? null : ((await getNewsPost(id))?.image ?? null);
      const problems: Record<string, string> = {};
      const alt = coverAltProblem(input, image.uploading || (!image.removing && existing !== null));
      if (alt) problems.image_alt = alt;
      const slug = await slugProblem(input.slug, id);
      if (slug) problems.slug = slug;
      return Object.keys(problems).length > 0 ? problems : null;
    },
    create: ({ image_decorative: _, ...input }, image, actor) => createNewsPost({ ...input, image }, actor),
    update: (id, { image_decorative: _, ...input }, image, actor) => updateNewsPost(id, { ...input, image }, actor),
  });

const STATUS_OPTIONS = [
  { id: "draft", label: "Draft: only staff can see it" },
  { id: "published", label: "Published: visitors see it from the publish time" },
];

export default function NewsForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: NewsFormSchema,
    initial: loaderData.values,
    draftKey: `draft:news:${loaderData.id ?? "new"}`,
    actionData,
  });
  const body = form.bind("body");
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit news post" : "Write a news post"}
      backTo="/admin/news"
      backLabel="Back to News"
      viewOnSite={loaderData.state === "published" ? `/news/${loaderData.slug}` : undefined}
      submitLabel={editing ? "Update Post" : "Save Post"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="news" id={loaderData.id} />}
      {loaderData.id !== null && loaderData.state !== "published" && (
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 md:col-span-2">
          {loaderData.state === "scheduled" ? "This post is scheduled: visitors cannot see it yet." : "This post is a draft: visitors cannot see it."}{" "}
          <a href={`/admin/news/preview/${loaderData.id}`} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
            Preview the saved version<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
      <TextField label="Title" maxLength={160} autoComplete="off" className="md:col-span-2" {...form.bind("title")} />
      <TextField
        label="Web address"
        optional
        hint={`The end of the post's address, /news/your-words-here. Left empty, it is made from the title${editing ? " (or stays as it is)" : ""}.`}
        maxLength={80}
        autoComplete="off"
        className="md:col-span-2"
        {...form.bind("slug")}
      />
      <TextAreaField label="Summary" hint="One or two sentences, shown on the News page, the home page and in the feed." rows={3} maxLength={300} className="md:col-span-2" {...form.bind("summary")} />
      <RichTextField
        name="body"
        label="Story"
        hint="Headings, lists, links, images and quotes. Without the editor, write the story as HTML."
        value={form.values.body ?? ""}
        error={body.error}
        onChange={(html) => form.setValue("body", html)}
      />
      <TextField label="Author" maxLength={80} autoComplete="name" {...form.bind("author")} />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Cover image" />
      <SelectField label="Status" options={STATUS_OPTIONS} placeholder={null} {...form.bind("status")} />
      <TextField
        label="Publish time (UK time)"
        optional
        type="datetime-local"
        hint="A later time schedules the post: it appears on its own then. Left empty, a published post appears now."
        {...form.bind("publish_at")}
      />
    </ContentFormFrame>
  );
}
