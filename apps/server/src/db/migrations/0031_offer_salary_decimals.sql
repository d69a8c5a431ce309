-- An offer's salary may have pence or cents (an hourly rate of 15.50; issue 29 item 3): currency units
-- with two decimals instead of whole units. Every stored integer converts exactly; the check stays.
ALTER TABLE "offers" ALTER COLUMN "salary" TYPE numeric(12, 2);
