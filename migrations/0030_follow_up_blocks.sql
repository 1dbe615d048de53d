CREATE TABLE `sequence_address_blocks` (
	`hash` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
