/**
 * The hand-ordered admin lists (trustees, causes, fund recipients, volunteer roles, FAQ,
 * gallery, annual reports): one row per item with its details, Hidden when it is not
 * shown, and the same actions (Move up / Move down / Show / Hide as plain form posts that
 * work without JavaScript, Edit, Delete through the delete dialog). The posts go to
 * app/domain/listings/ordered-list.server.ts.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Card } from "./card.tsx";

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";
const plain = `${small} border-slate-300 text-slate-700 hover:bg-slate-100`;

export interface OrderedItem {
  id: number;
  is_visible: boolean;
}

export function OrderedList<T extends OrderedItem>({
  items,
  list,
  label,
  name,
  leading,
  details,
  row,
  movable = true,
  className = "mt-6",
}: {
  items: T[];
  /** The list's address: Edit goes to `${list}/edit/:id`. */
  list: string;
  /** The list's accessible name ("Trustees in page order"). */
  label?: string;
  /** How the actions name an item ("Move Jane Smith up"). */
  name: (item: T) => string;
  /** A picture before the details. */
  leading?: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  /** The row's data attributes, for tests. */
  row: (item: T) => Record<`data-${string}`, string>;
  /** Move up / Move down (a list in a fixed order, such as reports by year, has none). */
  movable?: boolean;
  className?: string;
}) {
  return (
    <Card as="ol" className={`${className} divide-y divide-slate-200`} aria-label={label}>
      {items.map((item, index) => {
        const itemName = name(item);
        return (
          <li key={item.id} className="flex flex-wrap items-center gap-4 p-4" {...row(item)}>
            {leading?.(item)}
            <div className="min-w-40 flex-1">
              {details(item)}
              {!item.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Form method="post" className="contents">
                <input type="hidden" name="id" value={item.id} />
                {movable && (
                  <>
                    <button type="submit" name="intent" value="up" disabled={index === 0} aria-label={`Move ${itemName} up`} className={plain}>
                      Move up
                    </button>
                    <button type="submit" name="intent" value="down" disabled={index === items.length - 1} aria-label={`Move ${itemName} down`} className={plain}>
                      Move down
                    </button>
                  </>
                )}
                <button type="submit" name="intent" value={item.is_visible ? "hide" : "show"} aria-label={`${item.is_visible ? "Hide" : "Show"} ${itemName}`} className={plain}>
                  {item.is_visible ? "Hide" : "Show"}
                </button>
              </Form>
              <Link to={`${list}/edit/${item.id}`} aria-label={`Edit ${itemName}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                Edit
              </Link>
              <Link to={`?delete=${item.id}`} preventScrollReset aria-label={`Delete ${itemName}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                Delete
              </Link>
            </div>
          </li>
        );
      })}
    </Card>
  );
}
