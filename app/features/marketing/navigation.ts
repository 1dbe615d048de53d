/** The site's navigation, as the spec lists it. */
export const headerLinks = [
  { to: "/Shopify-App-Launch-and-Scaling-Playbook", label: "Shopify App Launch Playbook" },
  { to: "/#how-it-works", label: "How it works" },
  { to: "/#pricing", label: "Pricing" },
  { to: "/questions-and-answers", label: "Q&A" },
  { to: "/saas-academy", label: "SaaS Academy" },
  { to: "/#contact", label: "Contact" },
] as const;

export const footerLinks = [
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/blog", label: "Blog" },
  { to: "/questions-and-answers", label: "Q&A" },
  { to: "/saas-academy", label: "SaaS Academy" },
  { to: "/playbooks", label: "Playbooks" },
  { to: "/shopify-app-marketing-checklist", label: "Marketing Checklist" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-use", label: "Terms of Use" },
] as const;
