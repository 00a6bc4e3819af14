/** Class names for links and buttons that look like buttons (no business knowledge). */
export type ButtonVariant = "primary" | "secondary" | "sun" | "ghost" | "light";

/** `.btn` (app/app.css): the shape every button shares, one class instead of a dozen on each. */
const base = "btn";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border-2 border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  sun: "bg-sun-400 text-ink shadow-sm hover:bg-sun-300",
  ghost: "text-brand-700 hover:bg-brand-50",
  light: "border-2 border-white/80 text-white hover:bg-white/10",
};
const sizes = { sm: "px-4 py-2 text-sm", md: "px-5 py-2.5 text-base", lg: "px-7 py-3.5 text-lg" } as const;

export function buttonClasses(variant: ButtonVariant = "primary", size: keyof typeof sizes = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
