/** The editors' workspace's design-system controls (the shop's --shop-* tokens): use these, not bare browser controls. */
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from './Button.js';
export { CheckField, FieldGroup, SelectField, TextAreaField, TextField } from './Field.js';
export { Notice, StatusBadge, uiStyles } from './Notice.js';
