/** The public and operator calls of this part of the notices service. */
export const noticesContentUseCases = {};
